-- The club's catalogue (issue 6): rewards, partner vendors and the members' event calendar.
-- Content, not test data: the concierge keeps it current with the operator scripts (README).
INSERT INTO `reward_items` (`id`, `name`, `description`, `points_cost`, `active`) VALUES
  ('double-guillotine-cutter', 'Double-guillotine cutter', 'A stainless double-blade cutter engraved with the Ember & Oak crest.', 1200, 1),
  ('cedar-travel-humidor', 'Cedar travel humidor', 'A five-cigar Spanish-cedar case with a two-way humidity pack, sized for a weekend away.', 3500, 1),
  ('blender-dinner-seat', 'Seat at a master blender dinner', 'A reserved seat at the next master blender dinner, pairing included.', 6000, 1),
  ('locker-upgrade-quarter', 'Locker upgrade for a quarter', 'Move to a cedar-lined locker of the next size up for one quarter.', 8000, 1),
  ('academy-masterclass', 'Cigar Academy masterclass', 'A place in a Cigar Academy masterclass outside your tier.', 2500, 1),
  ('house-lighter', 'House torch lighter', 'The triple-flame torch the lounges use, in brushed brass.', 1800, 1);
--> statement-breakpoint
INSERT INTO `partner_vendors` (`id`, `name`, `category`, `description`, `member_offer`, `website`) VALUES
  ('northwest-tailoring', 'Burnside Bespoke Tailoring', 'Tailoring', 'Made-to-measure jackets and trousers cut in the Pearl District, with fittings at the Business Lounge on request.', '15% off a first commission and a free smoking-jacket lining upgrade.', NULL),
  ('willamette-cellars', 'Willamette Reserve Cellars', 'Wine & spirits', 'Small-lot Pinot Noir and aged spirits from the valley, selected for pairing with medium-bodied cigars.', 'Members pricing on library vintages and a private tasting for four each year.', NULL),
  ('rose-city-car', 'Rose City Night Car', 'Transport', 'A late-night driver service for members who stayed for one more cigar.', 'Priority booking after 10 pm and the airport run at a flat rate.', NULL),
  ('steel-bridge-barber', 'Steel Bridge Barbers', 'Grooming', 'Hot-towel shaves and classic cuts two blocks from the Kickback Lounge.', 'A complimentary hot-towel shave with your first cut.', NULL),
  ('cascade-leather', 'Cascade Leather Goods', 'Accessories', 'Hand-stitched cigar cases and desk sets in Horween leather, made in Southeast Portland.', 'Free monogramming and 10% off cigar cases.', NULL);
--> statement-breakpoint
INSERT INTO `member_events` (`id`, `title`, `description`, `lounge`, `starts_at`, `capacity`) VALUES
  ('2026-12-holiday-humidor', 'Holiday Humidor Night', 'The year''s last tasting: three limited releases and the locker rotation for the new quarter.', 'Kickback Lounge', '2026-12-12T03:00:00.000Z', 40),
  ('2027-01-ligero-night', 'Dominican Ligero Night', 'A Santiago blender walks the table through three primings of the same leaf.', 'Business Lounge', '2027-01-23T03:00:00.000Z', 24),
  ('2027-02-pairing-evening', 'Pinot and Maduro Pairing', 'Willamette Reserve Cellars pours four wines against two maduro wrappers.', 'Platinum Lounge', '2027-02-13T03:00:00.000Z', 18),
  ('2027-03-academy-open-night', 'Cigar Academy Open Night', 'The Academy''s tutors on storage, cutting and lighting, with questions from the floor.', 'Kickback Lounge', '2027-03-20T02:00:00.000Z', 40),
  ('2027-04-shade-harvest-dinner', 'Connecticut Shade Harvest Dinner', 'Five courses paired with the year''s first shade-grown releases.', 'Platinum Lounge', '2027-04-17T02:00:00.000Z', 18);
