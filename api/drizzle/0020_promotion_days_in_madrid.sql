-- Migration 0008 seeded the /gift page's dates as UTC midnights, but the store reads and writes them as
-- days in Europe/Madrid (promotions/service.ts): VOUCHER200 showed its last day as 01-09-2024 where
-- SPEC.md section 2 says it expires 31-08-2024, and the coupons ended a day late. Each seeded instant
-- moves to the Madrid midnight of the same day, only where an admin has not changed it since.
UPDATE vouchers SET expires_at = timestamp '2024-09-01 00:00:00' at time zone 'Europe/Madrid'
  WHERE code = 'VOUCHER200' AND expires_at = '2024-09-01 00:00:00+00';--> statement-breakpoint
UPDATE vouchers SET expires_at = timestamp '2024-09-11 00:00:00' at time zone 'Europe/Madrid'
  WHERE code = 'VOUCHER500' AND expires_at = '2024-09-11 00:00:00+00';--> statement-breakpoint
UPDATE vouchers SET expires_at = timestamp '2024-08-18 00:00:00' at time zone 'Europe/Madrid'
  WHERE code = 'VOUCHER1000' AND expires_at = '2024-08-18 00:00:00+00';--> statement-breakpoint
UPDATE coupons SET valid_from = timestamp '2024-01-01 00:00:00' at time zone 'Europe/Madrid'
  WHERE code IN ('AHORRA20', 'REGALO50', 'VALE100') AND valid_from = '2024-01-01 00:00:00+00';--> statement-breakpoint
UPDATE coupons SET valid_until = timestamp '2032-01-01 00:00:00' at time zone 'Europe/Madrid'
  WHERE code IN ('AHORRA20', 'REGALO50', 'VALE100') AND valid_until = '2032-01-01 00:00:00+00';
