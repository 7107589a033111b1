import { ManualPage } from './manual-page';

export default function Page() {
  return <ManualPage slug="identity_verification" />;
}
