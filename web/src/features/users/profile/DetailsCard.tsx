import { useMemo, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Controller, type Control } from 'react-hook-form';
import { US_STATE_CODES } from '@shared/forms/us-states';
import {
  MISSING_CONFERENCE_WARNING,
  USER_ETHNICITIES,
  USER_GENDERS,
  USER_LANGUAGES,
  USER_SUFFIXES,
  USER_TITLES,
  profileDetailsFormSchema,
  type ProfileDetails,
  type ProfileDetailsInput,
} from '@shared/schemas/user-profile';
import { Alert, Badge, Button, Checkbox, SelectField, Skeleton, SkeletonBar } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { FormTextField } from '../../../lib/forms/FormTextField';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { PhoneVerification } from './PhoneVerification';
import { VerificationEmailSent } from './VerificationEmailSent';

type FormValues = ProfileDetailsInput;

const TEXTS = ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'email', 'secondEmail', 'phoneNumber', 'secondPhoneNumber', 'gcfaId', 'umcaresId'] as const;
const CHOICES = ['title', 'suffix', 'gender', 'ethnicBackground', 'primaryLanguage'] as const;
const ADDRESS = ['street', 'unit', 'city', 'state', 'zipCode'] as const;

const LABELS: Record<string, string> = {
  title: 'Title', firstName: 'First Name', middleName: 'Middle Name', lastName: 'Last Name', suffix: 'Suffix', gender: 'Gender', dateOfBirth: 'Date of Birth',
  ethnicBackground: 'Ethnicity', primaryLanguage: 'Primary Language', email: 'Email', secondEmail: 'Second Email', phoneNumber: 'Primary Number',
  secondPhoneNumber: 'Second Number', gcfaId: 'GCFA ID', umcaresId: 'UMCares ID', salesforceId: 'Salesforce ID', pid: 'PID',
  street: 'Street', unit: 'Unit', city: 'City', state: 'State', zipCode: 'Zip Code',
};
const SHOWN = new Set<string>([...TEXTS, ...CHOICES, ...ADDRESS.map((field) => `address.${field}`), 'salesforceId', 'pid', 'smsOptIn', 'emailDigest']);
export const DIGEST_CHOICE = 'Email me a daily digest instead of each notification';

/** The form's starting values: every field as text ('' for none), so the changed flag compares like with like. */
function formValuesOf(details: ProfileDetails): FormValues {
  const text = (value?: string) => value ?? '';
  return {
    ...Object.fromEntries([...TEXTS, ...CHOICES].map((field) => [field, text(details[field])])),
    address: Object.fromEntries(ADDRESS.map((field) => [field, text(details.address[field])])),
    smsOptIn: details.smsOptIn,
    emailNotificationsOptIn: details.emailNotificationsOptIn,
    emailDigest: details.emailDigest,
    ...(details.canManageAll ? { salesforceId: text(details.salesforceId), pid: text(details.pid) } : {}),
  } as FormValues;
}

function ChoiceField({ control, name, label, options }: { control: Control<any, any, any>; name: string; label: string; options: readonly string[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <SelectField label={label} name={field.name} value={field.value ?? ''} onChange={field.onChange} options={options} errorMessage={fieldState.error?.message} />}
    />
  );
}

function DetailsForm({ details, onSaved, onCancel }: { details: ProfileDetails; onSaved: (emailChanged: boolean) => Promise<unknown>; onCancel: () => void }) {
  // A phone still as loaded is left out of the save; a changed one is checked (SPEC.md section 5), even when emptied.
  const schema = useMemo(() => profileDetailsFormSchema(details), [details]);
  const { form, onSubmit, banner, isPending } = useSchemaForm({
    schema,
    defaultValues: formValuesOf(details) as never,
    save: async (values) => {
      // The email goes only when it changed: a new one is claimed and confirmed by a link.
      const { email, ...rest } = values;
      const emailChanged = email !== undefined && email.trim().toLowerCase() !== details.email;
      await call(routes.user.updateById, { params: { id: details.id }, body: { ...rest, ...(emailChanged ? { email } : {}), version: details.version } });
      await onSaved(emailChanged);
    },
    isShownField: (path) => SHOWN.has(path),
  });
  // One control for the plain choice fields (the schema's enum unions are wider than a select's string).
  const choices = form.control as unknown as Control<any, any, any>;
  const smsAllowed = details.smsOptIn || details.isPhoneNumberVerified;
  // SPEC.md section 4: any edit sets the changed flag; an email other than the loaded one also the
  // email-changed flag; restoring it (and everything else) clears both.
  const changed = form.formState.isDirty;
  const emailChanged = (form.watch('email') ?? '').trim().toLowerCase() !== details.email;
  return (
    <form className="profile-details-form" onSubmit={onSubmit} noValidate aria-label="Edit details">
      <div className="profile-grid">
        <ChoiceField control={choices} name="title" label={LABELS.title} options={USER_TITLES} />
        <FormTextField control={form.control} name="firstName" label={LABELS.firstName} isRequired />
        <FormTextField control={form.control} name="middleName" label={LABELS.middleName} />
        <FormTextField control={form.control} name="lastName" label={LABELS.lastName} isRequired />
        <ChoiceField control={choices} name="suffix" label={LABELS.suffix} options={USER_SUFFIXES} />
        <ChoiceField control={choices} name="gender" label={LABELS.gender} options={USER_GENDERS} />
        <FormTextField control={form.control} name="dateOfBirth" label={LABELS.dateOfBirth} placeholder="YYYY-MM-DD" />
        <ChoiceField control={choices} name="ethnicBackground" label={LABELS.ethnicBackground} options={USER_ETHNICITIES} />
        <ChoiceField control={choices} name="primaryLanguage" label={LABELS.primaryLanguage} options={USER_LANGUAGES} />
        <FormTextField
          control={form.control}
          name="email"
          label={LABELS.email}
          type="email"
          isRequired
          description={emailChanged ? 'Changed: a confirmation link goes to the new address when you save.' : undefined}
        />
        <FormTextField control={form.control} name="secondEmail" label={LABELS.secondEmail} type="email" />
        <FormTextField control={form.control} name="phoneNumber" label={LABELS.phoneNumber} type="tel" />
        <FormTextField control={form.control} name="secondPhoneNumber" label={LABELS.secondPhoneNumber} type="tel" />
        <FormTextField control={form.control} name="gcfaId" label={LABELS.gcfaId} />
        <FormTextField control={form.control} name="umcaresId" label={LABELS.umcaresId} />
        {details.canManageAll && (
          <>
            <FormTextField control={form.control} name="salesforceId" label={LABELS.salesforceId} />
            <FormTextField control={form.control} name="pid" label={LABELS.pid} />
          </>
        )}
      </div>
      <fieldset className="profile-fieldset">
        <legend>Address</legend>
        <div className="profile-grid">
          <FormTextField control={form.control} name="address.street" label={LABELS.street} />
          <FormTextField control={form.control} name="address.unit" label={LABELS.unit} />
          <FormTextField control={form.control} name="address.city" label={LABELS.city} />
          <ChoiceField control={choices} name="address.state" label={LABELS.state} options={US_STATE_CODES} />
          <FormTextField control={form.control} name="address.zipCode" label={LABELS.zipCode} />
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="smsOptIn"
        render={({ field }) => (
          <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange} isDisabled={!smsAllowed}>
            SMS opt-in
          </Checkbox>
        )}
      />
      <Controller
        control={form.control}
        name="emailNotificationsOptIn"
        render={({ field }) => (
          <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange}>
            Email notifications
          </Checkbox>
        )}
      />
      <Controller
        control={form.control}
        name="emailDigest"
        render={({ field }) => (
          <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange} isDisabled={!form.watch('emailNotificationsOptIn')}>
            {DIGEST_CHOICE}
          </Checkbox>
        )}
      />
      {banner && <Alert tone="danger">{banner}</Alert>}
      <div className="profile-card-actions">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={isPending} isDisabled={!changed}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Where the email is shown: why mail to it stopped (SES reported a bounce or complaint). */
export function suppressionText(suppression: ProfileDetails['emailSuppression']): string {
  return suppression ? `Email to this address is suppressed (${suppression.reason} on ${suppression.since.slice(0, 10)}).` : 'Email to this address is suppressed (bounce or complaint).';
}

const VIEW_FIELDS = ['title', 'firstName', 'middleName', 'lastName', 'suffix', 'gender', 'dateOfBirth', 'ethnicBackground', 'primaryLanguage', 'email', 'secondEmail', 'phoneNumber', 'secondPhoneNumber', 'gcfaId', 'umcaresId'] as const;

/** The rows the details show, in order; `manageAll` adds the Salesforce ID and PID. */
function detailLabels(manageAll: boolean): string[] {
  return [...VIEW_FIELDS.map((field) => LABELS[field]), 'Address', ...(manageAll ? [LABELS.salesforceId, LABELS.pid] : [])];
}

function DetailsView({ details, onChanged }: { details: ProfileDetails; onChanged: () => Promise<unknown> }) {
  const values = [
    ...VIEW_FIELDS.map((field) => details[field]),
    [details.address.street, details.address.unit, details.address.city, details.address.state, details.address.zipCode].filter(Boolean).join(', ') || undefined,
    details.salesforceId,
    details.pid,
  ];
  const rows = detailLabels(details.canManageAll).map((label, index): [string, string | undefined] => [label, values[index]]);
  return (
    <>
      <dl className="app-details">
        {rows.map(([label, value]) => (
          <div key={label} className="profile-detail">
            <dt>{label}</dt>
            <dd>{value || '-'}</dd>
          </div>
        ))}
      </dl>
      {details.pendingEmail && (
        <Alert tone="info">
          Waiting for confirmation: the new address {details.pendingEmail} becomes the email once the link sent to it is followed.
        </Alert>
      )}
      <p className="profile-badges">
        <PhoneVerification details={details} onChanged={onChanged} /> <Badge tone="neutral">{details.smsOptIn ? 'SMS opt-in' : 'No SMS'}</Badge>{' '}
        <Badge tone="neutral">{details.emailNotificationsOptIn ? (details.emailDigest ? 'Email notifications: daily digest' : 'Email notifications') : 'No email notifications'}</Badge>
      </p>
      {details.emailSuppressed && <Alert tone="warning">{suppressionText(details.emailSuppression)}</Alert>}
    </>
  );
}

/**
 * The details card while it loads: its heading, the Edit button's room, every label with a grey
 * value and the badges' line, so the cards below stay where they are when the details come.
 */
function DetailsLoading({ manageAll }: { manageAll: boolean }) {
  return (
    <section className="profile-card" aria-labelledby="profile-details">
      <div className="profile-card-head profile-card-head-pending">
        <h2 id="profile-details">Details</h2>
      </div>
      <Skeleton message="Loading details..." lines={0} />
      <dl className="app-details" aria-hidden="true">
        {detailLabels(manageAll).map((label) => (
          <div key={label} className="profile-detail">
            <dt>{label}</dt>
            <dd>
              <SkeletonBar />
            </dd>
          </div>
        ))}
      </dl>
      <p className="profile-badges profile-badges-pending" aria-hidden="true">
        <SkeletonBar />
      </p>
    </section>
  );
}

/**
 * The profile's details (SPEC.md sections 2 to 5): every field of the user, Edit/Save for those
 * the server says may edit (their own, or update User where the user is). Save is enabled once
 * something changed; a concurrent edit is refused (409) and said so in the banner.
 */
export function DetailsCard({ userId, onSaved }: { userId: string; onSaved?: () => void }) {
  const details = useApi(routes.user.profileBasicInfo, { params: { userId, canEdit: 'true' } });
  const [editing, setEditing] = useState(false);
  const manageAll = useAbility().can('manage', 'all'); // what the server's canManageAll says
  const navigate = useNavigate();
  const base = `/users/${userId}`;
  if (details.error) return <Alert tone="danger">{(details.error as Error).message}</Alert>;
  if (!details.data) return <DetailsLoading manageAll={manageAll} />;
  const data = details.data;
  return (
    <section className="profile-card" aria-labelledby="profile-details">
      <div className="profile-card-head">
        <h2 id="profile-details">Details</h2>
        {data.canEdit && !editing && (
          <Button variant="secondary" onPress={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </div>
      {data.missingConference && <Alert tone="warning">{MISSING_CONFERENCE_WARNING}</Alert>}
      {editing ? (
        <DetailsForm
          key={data.version}
          details={data}
          onCancel={() => setEditing(false)}
          onSaved={async (emailChanged) => {
            await details.mutate();
            setEditing(false);
            onSaved?.();
            if (emailChanged) navigate(`${base}/verification-email-sent`);
          }}
        />
      ) : (
        <DetailsView details={data} onChanged={() => details.mutate()} />
      )}
      <Routes>
        <Route path="verification-email-sent" element={<VerificationEmailSent email={data.pendingEmail} onClose={() => navigate(base)} />} />
      </Routes>
    </section>
  );
}
