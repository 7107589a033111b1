import { ReferrerBonusPage } from './income-pages';

export default ReferrerBonusPage;
