-- A Torna 1.31 database, written for Quire's tests from the schema description in the research notes
-- (43 tables; every table has id, gmt_create, gmt_modified; most have is_deleted for soft deletes).
-- Only the structure the importer reads matters; comments and engine options are kept short.

CREATE TABLE user_info (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  username varchar(128) NOT NULL DEFAULT '',
  password varchar(128) NOT NULL DEFAULT '',
  nickname varchar(64) NOT NULL DEFAULT '',
  is_super_admin tinyint NOT NULL DEFAULT 0,
  source varchar(64) NOT NULL DEFAULT 'register',
  email varchar(128) NOT NULL DEFAULT '',
  status tinyint NOT NULL DEFAULT 1,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_username (username)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE space (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(64) NOT NULL DEFAULT '',
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_name varchar(64) NOT NULL DEFAULT '',
  is_compose tinyint NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE space_user (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id bigint unsigned NOT NULL DEFAULT 0,
  space_id bigint unsigned NOT NULL DEFAULT 0,
  role_code varchar(64) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_spaceid_userid (space_id, user_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE project (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(64) NOT NULL DEFAULT '',
  description varchar(128) NOT NULL DEFAULT '',
  space_id bigint NOT NULL DEFAULT 0,
  is_private tinyint NOT NULL DEFAULT 0,
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_name varchar(64) NOT NULL DEFAULT '',
  order_index int NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE project_user (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  project_id bigint unsigned NOT NULL DEFAULT 0,
  user_id bigint unsigned NOT NULL DEFAULT 0,
  role_code varchar(64) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_projectid_userid (project_id, user_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE module (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(64) NOT NULL DEFAULT '',
  project_id bigint unsigned NOT NULL DEFAULT 0,
  type tinyint NOT NULL DEFAULT 0,
  import_url varchar(128) NOT NULL DEFAULT '',
  basic_auth_username varchar(128) NOT NULL DEFAULT '',
  basic_auth_password varchar(128) NOT NULL DEFAULT '',
  token varchar(128) NOT NULL DEFAULT '',
  create_mode tinyint NOT NULL DEFAULT 0,
  modify_mode tinyint NOT NULL DEFAULT 0,
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  order_index int NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_token (token)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE open_user (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  app_key varchar(100) NOT NULL,
  secret varchar(200) DEFAULT NULL,
  status tinyint unsigned NOT NULL DEFAULT 1,
  applicant varchar(64) NOT NULL DEFAULT '',
  space_id bigint unsigned NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_app_key (app_key)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE user_dingtalk_info (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  nick varchar(64) NOT NULL DEFAULT '',
  name varchar(64) NOT NULL DEFAULT '',
  email varchar(128) NOT NULL DEFAULT '',
  userid varchar(128) NOT NULL DEFAULT '',
  unionid varchar(128) NOT NULL DEFAULT '',
  openid varchar(128) NOT NULL DEFAULT '',
  user_info_id bigint unsigned NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_unionid (unionid)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE user_wecom_info (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  mobile varchar(20) NOT NULL DEFAULT '',
  user_info_id bigint unsigned NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE system_login_token (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  login_key varchar(64) NOT NULL DEFAULT '',
  token varchar(256) NOT NULL DEFAULT '',
  expire_time datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_login_key (login_key)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE doc_info (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  data_id varchar(64) NOT NULL DEFAULT '',
  doc_key varchar(64) NOT NULL DEFAULT '',
  md5 varchar(32) NOT NULL DEFAULT '',
  name varchar(128) NOT NULL DEFAULT '',
  description longtext NOT NULL,
  author varchar(64) NOT NULL DEFAULT '',
  type tinyint NOT NULL DEFAULT 0,
  url varchar(256) NOT NULL DEFAULT '',
  version varchar(32) NOT NULL DEFAULT '',
  http_method varchar(12) NOT NULL DEFAULT '',
  content_type varchar(128) NOT NULL DEFAULT '',
  deprecated varchar(128) DEFAULT '$false$',
  is_folder tinyint NOT NULL DEFAULT 0,
  parent_id bigint unsigned NOT NULL DEFAULT 0,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  is_use_global_headers tinyint NOT NULL DEFAULT 1,
  is_use_global_params tinyint NOT NULL DEFAULT 1,
  is_use_global_returns tinyint NOT NULL DEFAULT 1,
  is_request_array tinyint NOT NULL DEFAULT 0,
  is_response_array tinyint NOT NULL DEFAULT 0,
  request_array_type varchar(16) NOT NULL DEFAULT 'object',
  response_array_type varchar(16) NOT NULL DEFAULT 'object',
  create_mode tinyint NOT NULL DEFAULT 0,
  modify_mode tinyint NOT NULL DEFAULT 0,
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_name varchar(64) NOT NULL DEFAULT '',
  order_index int NOT NULL DEFAULT 0,
  remark text,
  is_show tinyint NOT NULL DEFAULT 1,
  is_deleted tinyint NOT NULL DEFAULT 0,
  is_locked tinyint NOT NULL DEFAULT 0,
  status tinyint NOT NULL DEFAULT 5,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_data_id (data_id),
  KEY idx_moduleid (module_id),
  KEY idx_doc_key (doc_key)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE doc_param (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  data_id varchar(64) NOT NULL DEFAULT '',
  name varchar(64) NOT NULL DEFAULT '',
  type varchar(64) NOT NULL DEFAULT 'String',
  required tinyint NOT NULL DEFAULT 0,
  max_length varchar(64) NOT NULL DEFAULT '-',
  example varchar(1024) NOT NULL DEFAULT '',
  description text NOT NULL,
  enum_id bigint unsigned NOT NULL DEFAULT 0,
  doc_id bigint unsigned NOT NULL DEFAULT 0,
  parent_id bigint unsigned NOT NULL DEFAULT 0,
  style tinyint NOT NULL DEFAULT 0,
  create_mode tinyint NOT NULL DEFAULT 0,
  modify_mode tinyint NOT NULL DEFAULT 0,
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_name varchar(64) NOT NULL DEFAULT '',
  order_index int NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_dataid (data_id),
  KEY idx_docid (doc_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE prop (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  ref_id bigint unsigned NOT NULL DEFAULT 0,
  type tinyint NOT NULL DEFAULT 0,
  name varchar(128) NOT NULL DEFAULT '',
  val text NOT NULL,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_ref_type_name (ref_id, type, name)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE push_ignore_field (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  data_id varchar(64) NOT NULL DEFAULT '',
  field_name varchar(64) NOT NULL DEFAULT '',
  field_description varchar(128) NOT NULL DEFAULT '',
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_module_data_field (module_id, data_id, field_name)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE enum_info (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  data_id varchar(64) NOT NULL DEFAULT '',
  name varchar(128) NOT NULL DEFAULT '',
  description varchar(128) NOT NULL DEFAULT '',
  module_id bigint unsigned NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE enum_item (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  enum_id bigint unsigned NOT NULL DEFAULT 0,
  name varchar(128) NOT NULL DEFAULT '',
  type varchar(64) NOT NULL DEFAULT '',
  value varchar(64) NOT NULL DEFAULT '',
  description varchar(128) NOT NULL DEFAULT '',
  order_index int NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE constant_info (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  project_id bigint unsigned NOT NULL DEFAULT 0,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  doc_id bigint unsigned NOT NULL DEFAULT 0,
  content text,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE module_environment (
  id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
  module_id bigint NOT NULL,
  name varchar(64) NOT NULL DEFAULT '',
  url varchar(255) NOT NULL DEFAULT '',
  is_public tinyint NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  KEY idx_moduleid_name (module_id, name)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE module_environment_param (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  data_id varchar(64) NOT NULL DEFAULT '',
  name varchar(64) NOT NULL DEFAULT '',
  type varchar(64) NOT NULL DEFAULT 'String',
  required tinyint NOT NULL DEFAULT 0,
  max_length varchar(64) NOT NULL DEFAULT '-',
  example varchar(1024) NOT NULL DEFAULT '',
  description text NOT NULL,
  enum_id bigint unsigned NOT NULL DEFAULT 0,
  environment_id bigint unsigned NOT NULL DEFAULT 0,
  parent_id bigint unsigned NOT NULL DEFAULT 0,
  style tinyint NOT NULL DEFAULT 0,
  create_mode tinyint NOT NULL DEFAULT 0,
  modify_mode tinyint NOT NULL DEFAULT 0,
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_name varchar(64) NOT NULL DEFAULT '',
  order_index int NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_dataid (data_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE module_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  type tinyint NOT NULL DEFAULT 0,
  config_key varchar(128) NOT NULL DEFAULT '',
  config_value varchar(256) NOT NULL DEFAULT '',
  extend_id bigint unsigned NOT NULL DEFAULT 0,
  description varchar(256) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE module_swagger_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  url varchar(256) NOT NULL DEFAULT '',
  content longtext,
  auth_username varchar(128) NOT NULL DEFAULT '',
  auth_password varchar(128) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE doc_snapshot (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  doc_id bigint unsigned NOT NULL DEFAULT 0,
  doc_key varchar(64) NOT NULL DEFAULT '',
  md5 varchar(64) NOT NULL DEFAULT '',
  modifier_name varchar(64) NOT NULL DEFAULT '',
  modifier_time datetime DEFAULT CURRENT_TIMESTAMP,
  content longtext,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  KEY idx_md5 (md5)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE doc_diff_record (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  doc_id bigint unsigned NOT NULL DEFAULT 0,
  doc_key varchar(64) NOT NULL DEFAULT '',
  md5_old varchar(64) NOT NULL DEFAULT '',
  md5_new varchar(64) NOT NULL DEFAULT '',
  modify_source tinyint NOT NULL DEFAULT 0,
  modify_user_id bigint unsigned NOT NULL DEFAULT 0,
  modify_nickname varchar(64) NOT NULL DEFAULT '',
  modify_type tinyint NOT NULL DEFAULT 0,
  modify_time datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE doc_diff_detail (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  record_id bigint unsigned NOT NULL DEFAULT 0,
  position_type tinyint NOT NULL DEFAULT 0,
  target_name varchar(64) NOT NULL DEFAULT '',
  content text,
  modify_type tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE user_subscribe (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id bigint unsigned NOT NULL DEFAULT 0,
  type tinyint NOT NULL DEFAULT 0,
  source_id bigint unsigned NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_user_type_source (user_id, type, source_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE user_message (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id bigint unsigned NOT NULL DEFAULT 0,
  message varchar(256) NOT NULL DEFAULT '',
  is_read tinyint NOT NULL DEFAULT 0,
  type tinyint NOT NULL DEFAULT 0,
  source_id bigint unsigned NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE project_release (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  project_id bigint unsigned NOT NULL DEFAULT 0,
  release_no varchar(20) NOT NULL DEFAULT '',
  release_desc varchar(200) NOT NULL DEFAULT '',
  status tinyint NOT NULL DEFAULT 1,
  dingding_webhook varchar(200) NOT NULL DEFAULT '',
  we_com_webhook varchar(200) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE project_release_doc (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  project_id bigint unsigned NOT NULL DEFAULT 0,
  release_id bigint unsigned NOT NULL DEFAULT 0,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  source_id bigint unsigned NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE share_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  type tinyint NOT NULL DEFAULT 0,
  password varchar(128) NOT NULL DEFAULT '',
  expiration_time date DEFAULT NULL,
  status tinyint NOT NULL DEFAULT 1,
  module_id bigint NOT NULL DEFAULT 0,
  is_all tinyint NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  remark varchar(128) NOT NULL DEFAULT '',
  creator_name varchar(64) NOT NULL DEFAULT '',
  is_show_debug tinyint NOT NULL DEFAULT 1,
  is_all_selected_debug tinyint NOT NULL DEFAULT 1,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE share_content (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  share_config_id bigint unsigned NOT NULL DEFAULT 0,
  doc_id bigint unsigned NOT NULL DEFAULT 0,
  parent_id bigint unsigned NOT NULL DEFAULT 0,
  is_share_folder tinyint NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE share_environment (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  share_config_id bigint unsigned NOT NULL DEFAULT 0,
  module_environment_id bigint unsigned NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE compose_project (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(64) NOT NULL DEFAULT '',
  description varchar(128) NOT NULL DEFAULT '',
  space_id bigint NOT NULL DEFAULT 0,
  type tinyint NOT NULL DEFAULT 1,
  password varchar(64) NOT NULL DEFAULT '',
  creator_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint unsigned NOT NULL DEFAULT 0,
  modifier_name varchar(64) NOT NULL DEFAULT '',
  order_index int NOT NULL DEFAULT 0,
  show_debug tinyint NOT NULL DEFAULT 1,
  gateway_url varchar(128) NOT NULL DEFAULT '',
  status tinyint NOT NULL DEFAULT 1,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE compose_doc (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  doc_id bigint unsigned NOT NULL DEFAULT 0,
  project_id bigint unsigned NOT NULL DEFAULT 0,
  is_folder tinyint NOT NULL DEFAULT 0,
  folder_name varchar(64) NOT NULL DEFAULT '',
  parent_id bigint NOT NULL DEFAULT 0,
  origin varchar(128) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  creator varchar(64) NOT NULL DEFAULT '',
  order_index int unsigned NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE compose_common_param (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  data_id varchar(64) NOT NULL DEFAULT '',
  name varchar(64) NOT NULL DEFAULT '',
  type varchar(64) NOT NULL DEFAULT 'String',
  required tinyint NOT NULL DEFAULT 0,
  max_length varchar(64) NOT NULL DEFAULT '-',
  example varchar(1024) NOT NULL DEFAULT '',
  description text NOT NULL,
  enum_id bigint unsigned NOT NULL DEFAULT 0,
  compose_project_id bigint unsigned NOT NULL DEFAULT 0,
  parent_id bigint unsigned NOT NULL DEFAULT 0,
  style tinyint NOT NULL DEFAULT 0,
  order_index int NOT NULL DEFAULT 0,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_dataid (data_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE compose_additional_page (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  project_id bigint unsigned NOT NULL,
  title varchar(64) NOT NULL,
  content text,
  order_index int NOT NULL DEFAULT 0,
  status tinyint NOT NULL DEFAULT 1,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE mock_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(128) NOT NULL DEFAULT '',
  data_id varchar(64) NOT NULL DEFAULT '',
  version int NOT NULL DEFAULT 0,
  path varchar(128) NOT NULL DEFAULT '',
  ip varchar(64) NOT NULL DEFAULT '',
  request_data text NOT NULL,
  request_data_type tinyint NOT NULL DEFAULT 0,
  http_status int NOT NULL DEFAULT 200,
  delay_mills int NOT NULL DEFAULT 0,
  result_type tinyint NOT NULL DEFAULT 0,
  response_headers text NOT NULL,
  response_body text NOT NULL,
  mock_script text,
  mock_result text,
  doc_id bigint NOT NULL DEFAULT 0,
  remark varchar(128) NOT NULL DEFAULT '',
  creator_id bigint NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  modifier_id bigint NOT NULL DEFAULT 0,
  modifier_name varchar(64) DEFAULT NULL,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE debug_script (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  NAME varchar(64) NOT NULL DEFAULT '',
  description varchar(128) NOT NULL DEFAULT '',
  content text,
  type tinyint NOT NULL DEFAULT 0,
  scope tinyint NOT NULL DEFAULT 0,
  ref_id bigint unsigned NOT NULL DEFAULT 0,
  creator_name varchar(64) NOT NULL DEFAULT '',
  enabled tinyint NOT NULL DEFAULT 1,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE gen_template (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(64) NOT NULL DEFAULT '',
  content text NOT NULL,
  group_name varchar(64) NOT NULL DEFAULT 'Default',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE gen_template2 LIKE gen_template;

CREATE TABLE system_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  config_key varchar(64) NOT NULL DEFAULT '',
  config_value varchar(256) NOT NULL DEFAULT '',
  remark varchar(128) NOT NULL DEFAULT '',
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_configkey (config_key)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE system_i18n_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  lang varchar(8) NOT NULL DEFAULT '',
  description varchar(16) NOT NULL DEFAULT '',
  content text,
  is_deleted tinyint NOT NULL DEFAULT 0,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE ms_space_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  space_id bigint unsigned NOT NULL DEFAULT 0,
  ms_space_id varchar(64) NOT NULL DEFAULT '',
  ms_space_name varchar(64) NOT NULL DEFAULT '',
  ms_address varchar(128) NOT NULL DEFAULT '',
  ms_access_key varchar(128) NOT NULL DEFAULT '',
  ms_secret_key varchar(128) NOT NULL DEFAULT '',
  version int DEFAULT 1,
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  UNIQUE KEY uk_space_id (space_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE ms_module_config (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  module_id bigint unsigned NOT NULL DEFAULT 0,
  release_id bigint DEFAULT 0,
  ms_project_id varchar(64) NOT NULL DEFAULT '',
  ms_module_id varchar(64) NOT NULL DEFAULT '',
  ms_cover_module tinyint NOT NULL DEFAULT 1,
  name varchar(64) NOT NULL DEFAULT '',
  gmt_create datetime DEFAULT CURRENT_TIMESTAMP,
  gmt_modified datetime DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP
) DEFAULT CHARSET=utf8mb4;
