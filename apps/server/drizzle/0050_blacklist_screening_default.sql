-- New companies screen visitors against their blacklist from the start (the settings' default is now on). Companies
-- that never set the switch keep what they had: off, written down, so nothing changes for them unannounced.
UPDATE "companies" SET "settings" = jsonb_set("settings", '{blackListSwitch}', '0') WHERE NOT ("settings" ? 'blackListSwitch');
