import { Controller, type Control } from 'react-hook-form';
import { timeZoneNames } from '@shared/schemas/conference-settings';
import { SearchableSelect, TimePicker, type SelectOption } from '../../../components/ui';
import type { LocationFormValues } from './location-form';

/** How many zones the open list shows at once (typing narrows the 400-odd). */
const ZONE_OPTIONS_SHOWN = 50;

const zoneOption = (name: string): SelectOption => ({ id: name, label: name.replaceAll('_', ' ') });

/** The browser's IANA zones whose name contains every typed word ('new york', 'america/chi'). */
export async function timeZoneOptions(text: string): Promise<SelectOption[]> {
  const words = text.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  const matches = timeZoneNames().filter((name) => {
    const spoken = name.toLowerCase().replaceAll('_', ' ');
    return words.every((word) => spoken.includes(word));
  });
  return matches.slice(0, ZONE_OPTIONS_SHOWN).map(zoneOption);
}

/**
 * A conference's messaging settings (docs/notifications.md): the time zone its daily digest,
 * SMS quiet hours and daily SMS cap follow, and the quiet hours themselves.
 */
export function ConferenceMessagingFields({ control }: { control: Control<LocationFormValues> }) {
  return (
    <fieldset className="admin-policy">
      <legend>Messaging</legend>
      <Controller
        control={control}
        name="timeZone"
        render={({ field, fieldState }) => (
          <SearchableSelect
            label="Time zone"
            isRequired
            description="The daily digest email (07:00), SMS quiet hours and the daily SMS limit follow this clock."
            value={field.value ? zoneOption(field.value) : null}
            onChange={(option) => field.onChange(option?.id ?? '')}
            errorMessage={fieldState.error?.message}
            loadOptions={timeZoneOptions}
          />
        )}
      />
      <div className="admin-schedule">
        {(['quietHoursStart', 'quietHoursEnd'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TimePicker
                label={name === 'quietHoursStart' ? 'SMS quiet hours start' : 'SMS quiet hours end'}
                isRequired
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                errorMessage={fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      <p className="admin-muted">Text messages wait until the quiet hours end. The same start and end: no quiet hours.</p>
    </fieldset>
  );
}
