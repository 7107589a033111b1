-- The KYC deadline arrives on a database that may already hold members (a demo seeded before it,
-- or a real member base). Their clock starts now, not at their registration: otherwise everyone
-- registered more than 45 days ago would be suspended by the first run. Members who register
-- later have no row here and count from their registration (docs/decisions/009).
INSERT INTO member_kyc (member_id, status, identity_status, bank_status, deadline_from)
SELECT m.id,
  CASE WHEN u.is_verifies_identity AND u.is_verifies_bank THEN 'success' ELSE 'draft' END,
  CASE WHEN u.is_verifies_identity THEN 'success' ELSE 'draft' END,
  CASE WHEN u.is_verifies_bank THEN 'success' ELSE 'draft' END,
  now()
FROM members m JOIN users u ON u.id = m.user_id
ON CONFLICT (member_id) DO NOTHING;
