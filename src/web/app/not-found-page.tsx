import { NotFoundContent } from './not-found-content';

/** Catch-all route: any unknown path. */
export function NotFoundPage() {
  return <NotFoundContent />;
}
