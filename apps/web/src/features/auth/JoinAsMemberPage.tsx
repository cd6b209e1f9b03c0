import { Navigate } from 'react-router';

/**
 * /join-as-a-member/{fromwpsite?}: the spec sends /join-as-a-member/1 to client registration.
 * Buying a membership is not built yet, so every other value goes there too.
 */
export default function JoinAsMemberPage() {
  return <Navigate to="/userregister/9" replace />;
}
