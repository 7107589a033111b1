import { ManualPage } from './manual-page';

export default function Page() {
  return <ManualPage slug="receiving_bonusIncome" />;
}
