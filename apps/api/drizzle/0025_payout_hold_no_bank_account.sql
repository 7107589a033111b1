-- A payout run holds back a member whose flags say verified but who has no approved bank account on file
-- (issue 18): the reason NO_BANK_ACCOUNT, beside not payable, nothing to pay and below the minimum.
ALTER TABLE "payout_holds" DROP CONSTRAINT "payout_holds_reason_check";--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_reason_check" CHECK ("payout_holds"."reason" in ('NOT_PAYABLE','NO_BANK_ACCOUNT','NOTHING_TO_PAY','BELOW_MINIMUM'));
