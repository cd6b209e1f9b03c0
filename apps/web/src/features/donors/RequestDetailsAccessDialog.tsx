import { MessageDialog } from '../../components/MessageDialog';
import { requestDetailsAccess } from './queries';

/** A client asks their case manager for more of a donor's details (POST requestdonordetailsaccess). */
export function RequestDetailsAccessDialog({
  donorId,
  displayId,
  opened,
  onClose,
}: {
  donorId: number;
  /** The donor's shown id (donorDisplayId). */
  displayId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <MessageDialog
      title="Request more details"
      intro={`Ask your case manager for more about donor ${displayId}, for example her first name or compensation.`}
      label="Your question or message"
      submitLabel="Send request"
      opened={opened}
      onClose={onClose}
      send={(query) => requestDetailsAccess({ donorId, displayId, query })}
    />
  );
}
