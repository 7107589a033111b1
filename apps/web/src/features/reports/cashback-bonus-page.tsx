import { CashbackBonusPage } from './income-pages';

export default CashbackBonusPage;
