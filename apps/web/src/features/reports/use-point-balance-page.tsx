import { UsePointBalancePage } from './balance-pages';

export default UsePointBalancePage;
