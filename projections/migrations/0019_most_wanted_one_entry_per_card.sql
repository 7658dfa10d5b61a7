-- Most Wanted holds one entry per card. Two admins saving at once used to leave both selections merged
-- (each save deleted the entries it could see, then inserted its own): cards twice, and more than the 16
-- the home page shows. Saves now take turns (a table lock in `replaceEntries`); what two saves left is
-- cut back to each card's newest entry, the 16 newest of them, and the database refuses a card twice.
DELETE FROM home_most_wanted AS older
 USING home_most_wanted AS newer
 WHERE older.card_id = newer.card_id
   AND (older.created_at_ms, older.id) < (newer.created_at_ms, newer.id);

DELETE FROM home_most_wanted
 WHERE id NOT IN (SELECT id FROM home_most_wanted ORDER BY created_at_ms DESC, id LIMIT 16);

CREATE UNIQUE INDEX home_most_wanted_card ON home_most_wanted (card_id);
