import { AccessMessage, HomeButton } from './AccessMessage';

export default function UnauthorizePage() {
  return (
    <AccessMessage title="Unauthorized" action={<HomeButton />}>
      Your account does not have access to this page. If you think it should, please contact your agency.
    </AccessMessage>
  );
}
