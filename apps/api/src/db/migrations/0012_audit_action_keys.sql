-- The audit log's restore entries take the stable key of api-contract.md section 9.
UPDATE "access_audit" SET "action" = 'backup.restored' WHERE "action" = 'workspace.restored';
