/** Common Thai given names and surnames, for demo members. */
export const FIRST_NAMES_MALE = ['สมชาย', 'สมศักดิ์', 'ประเสริฐ', 'วิชัย', 'สุรชัย', 'อนันต์', 'ธนากร', 'ณัฐพล', 'กิตติพงษ์', 'พิชิต', 'ชัยวัฒน์', 'ศุภชัย', 'อภิชาติ', 'ธีรวัฒน์', 'วรวุฒิ'];
export const FIRST_NAMES_FEMALE = ['สมศรี', 'มาลี', 'สุดารัตน์', 'วันเพ็ญ', 'กาญจนา', 'ศิริพร', 'นภัสสร', 'พิมพ์ชนก', 'ปิยะนุช', 'อรอุมา', 'จันทร์เพ็ญ', 'รัตนา', 'ธิดารัตน์', 'เบญจวรรณ', 'ชลธิชา'];
export const LAST_NAMES = ['ใจดี', 'รักไทย', 'ศรีสุข', 'วงศ์ใหญ่', 'ทองดี', 'แก้วมณี', 'บุญมา', 'สุขสวัสดิ์', 'มั่นคง', 'เจริญผล', 'ประเสริฐศรี', 'พงษ์พันธ์', 'จันทร์หอม', 'ศักดิ์สิทธิ์', 'นาคสวัสดิ์', 'อินทร์แก้ว'];
export const PACKAGES = ['Starter', 'Silver', 'Gold', 'Platinum'];
export const TITLES = ['Member', 'Bronze', 'Silver Leader', 'Gold Leader', 'Manager', 'Director'];
