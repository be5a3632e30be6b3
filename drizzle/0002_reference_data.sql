-- Reference data (product.md "Reference data"): sports and bet types. Ids are stable.
INSERT INTO "categories" ("id", "name", "slug", "sort_order") VALUES
  (1, 'NFL', 'nfl', 1),
  (2, 'NBA', 'nba', 2),
  (3, 'MLB', 'mlb', 3),
  (4, 'NHL', 'nhl', 4),
  (5, 'NCAAF', 'ncaaf', 5),
  (6, 'NCAAB', 'ncaab', 6),
  (7, 'Soccer', 'soccer', 7),
  (8, 'MMA', 'mma', 8),
  (9, 'Boxing', 'boxing', 9),
  (10, 'Tennis', 'tennis', 10),
  (11, 'Golf', 'golf', 11),
  (12, 'Esports', 'esports', 12)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('categories', 'id'), (SELECT max("id") FROM "categories"));
--> statement-breakpoint
INSERT INTO "modalities" ("id", "name", "slug", "sort_order") VALUES
  (1, 'Moneyline', 'moneyline', 1),
  (2, 'Spread', 'spread', 2),
  (3, 'Total', 'total', 3),
  (4, 'Player Prop', 'player-prop', 4),
  (5, 'Team Prop', 'team-prop', 5),
  (6, 'Parlay', 'parlay', 6),
  (7, 'Futures', 'futures', 7),
  (8, 'Live', 'live', 8)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('modalities', 'id'), (SELECT max("id") FROM "modalities"));
