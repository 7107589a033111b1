-- Member codes are issued from one sequence so concurrent registrations never collide.
CREATE SEQUENCE IF NOT EXISTS member_code_seq START WITH 1000001;
