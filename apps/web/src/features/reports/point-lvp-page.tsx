import { PointLvpPage } from './balance-pages';

export default PointLvpPage;
