import { Button, Modal } from '../../../components/ui';

/** A selection dialog reached by link or reload: there is nothing to act on yet (`noun`: what the table lists). */
export function NothingSelected({ title, noun = 'users', onClose }: { title: string; noun?: string; onClose: () => void }) {
  return (
    <Modal isOpen onClose={onClose} title={title} footer={(animatedClose) => <Button onPress={animatedClose} autoFocus>OK</Button>}>
      <p>{`No ${noun} are selected. Select ${noun} in the table, then choose this action from the Actions menu.`}</p>
    </Modal>
  );
}
