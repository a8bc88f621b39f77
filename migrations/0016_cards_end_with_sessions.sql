-- Member cards are for accounts whose role is member (docs/product-rules.md#member-card): no schema
-- change; the cards door and concierge accounts obtained before the rule are revoked.

-- data:
UPDATE card_devices SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE revoked_at IS NULL AND member_id IN (SELECT id FROM members WHERE role <> 'member');
