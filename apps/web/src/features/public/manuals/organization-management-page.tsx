import { ManualPage } from './manual-page';

export default function Page() {
  return <ManualPage slug="organization_management" />;
}
