import { PAGES } from '@dm/shared';
import { MatchGridPage } from './MatchGridPage';

/** donormatchreport: the Match Cancelled Report of this center's donors, by date range. */
export default function DonorMatchReportPage() {
  return (
    <MatchGridPage
      config={{
        title: PAGES.donormatchreport.title,
        endpoint: 'generatedonorreport',
        csvEndpoint: 'generatedonorreportcsv',
        csvName: 'match-cancelled-report.csv',
        kind: 'report',
      }}
    />
  );
}
