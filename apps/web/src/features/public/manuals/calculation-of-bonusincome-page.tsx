import { ManualPage } from './manual-page';

export default function Page() {
  return <ManualPage slug="calculation_of_bonusIncome" />;
}
