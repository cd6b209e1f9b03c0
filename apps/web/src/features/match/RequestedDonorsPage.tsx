import { PAGES } from '@dm/shared';
import { useParams, useSearchParams } from 'react-router';
import { MatchGridPage } from './MatchGridPage';

/** requested-donors-list: match requests for this center's donors, optionally from one agency. */
export default function RequestedDonorsPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const center = Number(query.get('center') ?? params.center);
  return (
    <MatchGridPage
      config={{
        title: PAGES['requested-donors-list'].title,
        endpoint: 'getotheragenciesmatchrequestedip',
        csvEndpoint: 'getotheragenciesmatchrequestedipcsv',
        csvName: 'requested-donors.csv',
        kind: 'grid',
        actions: true,
        ...(Number.isInteger(center) && center > 0 ? { center } : {}),
      }}
    />
  );
}
