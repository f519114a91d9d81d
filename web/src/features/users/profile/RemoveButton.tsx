import { Button } from '../../../components/ui';

export interface RemoveButtonProps {
  /** What kind of item, as its name reads: 'role', 'location', 'tag'. */
  kind: string;
  /** The item's name: the button is named 'Remove role Advisor'. */
  name: string;
  /** The item's id, so focus can find the next Remove button after this one is gone (useRemovalFocus). */
  removes: string;
  /** The visible word: 'Remove', or 'Unassign' for mentors and mentees. */
  verb?: string;
  isDisabled?: boolean;
  onPress: () => void;
}

/**
 * A profile item's remove control: quiet (a ghost button, not a red one on every row) and named for
 * its item, so a screen reader's list of buttons says which of twenty 'Remove's this is. What it
 * removes is confirmed in a dialog; the red button is the dialog's.
 */
export function RemoveButton({ kind, name, removes, verb = 'Remove', isDisabled, onPress }: RemoveButtonProps) {
  return (
    <Button size="small" variant="ghost" className="profile-remove" aria-label={`${verb} ${kind} ${name}`} data-removes={removes} isDisabled={isDisabled} onPress={onPress}>
      {verb}
    </Button>
  );
}
