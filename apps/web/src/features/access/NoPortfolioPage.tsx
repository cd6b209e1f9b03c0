import { MSG } from '@dm/shared';
import { useParams } from 'react-router';
import { AccessMessage } from './AccessMessage';

/** /noportfolio/1: nothing shared yet; /noportfolio/2: no case manager assigned. */
export default function NoPortfolioPage() {
  const { id } = useParams();
  const noManager = id === '2';
  return (
    <AccessMessage title={noManager ? 'No case manager yet' : 'No portfolio yet'}>
      {noManager
        ? MSG.NO_CASE_MANAGER
        : `${MSG.NO_PORTFOLIO} Your case manager will share donor profiles with you here.`}
    </AccessMessage>
  );
}
