import { PAGES } from '@dm/shared';
import { MatchGridPage } from './MatchGridPage';

/** trackmatchrequests: this center's intended parents' match requests, at any agency. */
export default function TrackMatchRequestsPage() {
  return (
    <MatchGridPage
      config={{
        title: PAGES.trackmatchrequests.title,
        endpoint: 'getmatchrequestedipwithotheragencies',
        csvEndpoint: 'getmatchrequestedipwithotheragenciescsv',
        csvName: 'match-requests.csv',
        kind: 'grid',
      }}
    />
  );
}
