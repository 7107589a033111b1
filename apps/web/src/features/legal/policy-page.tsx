import { LegalDocument } from './legal-document';

export default function PolicyPage() {
  return <LegalDocument doc="policy" />;
}
