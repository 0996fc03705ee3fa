-- Library columns of templates saved before 0001: node count, task type and search text from the latest version.
UPDATE `templates` SET
  `node_count` = coalesce((SELECT json_array_length(v.`json`, '$.nodes') FROM `template_versions` v WHERE v.`template_pk` = `templates`.`id` AND v.`version` = `templates`.`latest_version`), 0),
  `task_type` = coalesce((SELECT json_extract(v.`json`, '$.metadata.task_type') FROM `template_versions` v WHERE v.`template_pk` = `templates`.`id` AND v.`version` = `templates`.`latest_version`), ''),
  `search_text` = lower(`name` || char(10) || `description` || char(10) || `tags` || char(10) || coalesce((SELECT group_concat(json_extract(n.`value`, '$.name'), char(10)) FROM `template_versions` v, json_each(v.`json`, '$.nodes') n WHERE v.`template_pk` = `templates`.`id` AND v.`version` = `templates`.`latest_version`), ''));
