import { PAGES, type PageKey } from '@dm/shared';
import { matchPath, useLocation } from 'react-router';
import { AccessMessage } from './AccessMessage';

/** A route of the spec whose screen is not built yet; docs/spec-coverage.md lists them. */
export default function NotBuiltPage() {
  const location = useLocation();
  const page = (Object.keys(PAGES) as PageKey[]).find((key) => matchPath(PAGES[key].path, location.pathname));
  return (
    <AccessMessage title={page ? PAGES[page].title : 'Page'}>
      This section is not available yet. It arrives in a later release.
    </AccessMessage>
  );
}
