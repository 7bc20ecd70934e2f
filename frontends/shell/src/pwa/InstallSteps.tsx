import { Button, Modal } from '@paycadence/web-kit';
import './pwa.css';

export const INSTALL_STEPS_TITLE = 'Add PayCadence to your Home Screen';

/** iPhone and iPad have no install prompt: the steps Safari's Share menu takes instead. */
export function InstallSteps({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={INSTALL_STEPS_TITLE}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p>PayCadence then opens from its own icon, full screen, like any app.</p>
      <ol className="pc-install-steps">
        <li>
          Tap the <strong>Share</strong> button (the square with an arrow pointing up) in the browser&apos;s toolbar.
        </li>
        <li>
          Scroll down the list and tap <strong>Add to Home Screen</strong>.
        </li>
        <li>
          Tap <strong>Add</strong> in the top corner.
        </li>
      </ol>
    </Modal>
  );
}
