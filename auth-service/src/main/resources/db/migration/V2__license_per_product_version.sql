-- One license per account, product and major version: staff updates replace plan and status.
ALTER TABLE licenses ADD CONSTRAINT licenses_account_product_major UNIQUE (account_id, product, major_version);
