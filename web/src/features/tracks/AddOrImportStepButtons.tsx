import { Button } from '../../components/ui';

export interface AddOrImportStepButtonsProps {
  onAdd: () => void;
  onImport: () => void;
  isDisabled?: boolean;
}

/** The 'Add new step' / 'Import existing step' pair shown under a phase. */
export function AddOrImportStepButtons({ onAdd, onImport, isDisabled }: AddOrImportStepButtonsProps) {
  return (
    <div className="ui-button-row">
      <Button variant="primary" onPress={onAdd} isDisabled={isDisabled}>
        Add new step
      </Button>
      <Button variant="secondary" onPress={onImport} isDisabled={isDisabled}>
        Import existing step
      </Button>
    </div>
  );
}
