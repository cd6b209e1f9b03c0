import { AccessMessage } from './AccessMessage';

export default function NotPaidPage() {
  return (
    <AccessMessage title="Membership required">
      Your account is not active yet. Your agency activates it once your membership is in place; please
      contact them if you have any questions.
    </AccessMessage>
  );
}
