import { AccessMessage } from './AccessMessage';

export default function MaintenancePage() {
  return (
    <AccessMessage title="Maintenance">
      We are making improvements and will be back shortly. Your data is safe; please try again in a few
      minutes.
    </AccessMessage>
  );
}
