import { DropshipPage } from './income-pages';

export default DropshipPage;
