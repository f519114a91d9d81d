import type { ReactNode } from 'react';
import { Button, Modal } from '../../../components/ui';

/** A selection dialog that cannot act, saying why, with OK alone (no action button that would do nothing). */
export function CannotAct({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal isOpen onClose={onClose} title={title} footer={(animatedClose) => <Button onPress={animatedClose} autoFocus>OK</Button>}>
      {children}
    </Modal>
  );
}

/** A selection dialog reached by link or reload: there is nothing to act on yet (`noun`: what the table lists). */
export function NothingSelected({ title, noun = 'users', onClose }: { title: string; noun?: string; onClose: () => void }) {
  return (
    <CannotAct title={title} onClose={onClose}>
      <p>{`No ${noun} are selected. Select ${noun} in the table, then choose this action from the Actions menu.`}</p>
    </CannotAct>
  );
}
