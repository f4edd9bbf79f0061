import { VisitorListPage } from './VisitorListPage';

export function OvertimePage() {
  return <VisitorListPage overtime />;
}
