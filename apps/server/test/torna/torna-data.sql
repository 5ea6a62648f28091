-- Data of the test Torna database (loaded after torna-schema.sql): two languages, soft-deleted rows
-- (is_deleted = 1), orphans (rows whose parent is gone), every doc type and param style. Passwords are
-- stored as Torna stores them: md5(username + md5hex(password) + salt), the salt being the
-- torna.password.salt row below. Plain passwords used by the tests: admin/123456, zhangsan/zs-密码-2024,
-- alice/alice-pass, lisi/lisi-pass (must set a new one).

INSERT INTO system_config (config_key, config_value, remark) VALUES
  ('torna.version', '13100', 'version'),
  ('torna.password.salt', 'Xk3#qP9mZ2!aB', 'password salt'),
  ('torna.jwt.secret', 'abcdefghijabcdefghijabcdefghij', 'jwt'),
  ('front.param.type-array', '["string","number","boolean","object","array","num_array","str_array","file","file[]","enum"]', '');

INSERT INTO user_info (id, username, password, nickname, is_super_admin, source, email, status, is_deleted, gmt_create) VALUES
  (1, 'admin', MD5(CONCAT('admin', MD5('123456'), 'Xk3#qP9mZ2!aB')), '超级管理员', 1, 'register', '', 1, 0, '2021-03-01 09:00:00'),
  (2, 'zhangsan', MD5(CONCAT('zhangsan', MD5('zs-密码-2024'), 'Xk3#qP9mZ2!aB')), '张三', 0, 'register', 'zhangsan@example.cn', 1, 0, '2021-03-02 10:00:00'),
  (3, 'alice@example.com', MD5(CONCAT('alice@example.com', MD5('alice-pass'), 'Xk3#qP9mZ2!aB')), 'Alice', 0, 'backend', 'alice@example.com', 1, 0, '2021-04-01 10:00:00'),
  (4, 'lisi', MD5(CONCAT('lisi', MD5('lisi-pass'), 'Xk3#qP9mZ2!aB')), '李四', 0, 'backend', '', 2, 0, '2021-05-01 10:00:00'),
  (5, 'wangwu', '5b1c6a0e-7c1f-4c55-b1a2-8f1e2d3c4b5a', '王五', 0, 'ldap', 'wangwu@corp.example', 1, 0, '2021-06-01 10:00:00'),
  (6, 'bob', MD5(CONCAT('bob', MD5('bob-pass'), 'Xk3#qP9mZ2!aB')), 'Bob (disabled)', 0, 'register', '', 0, 0, '2021-06-02 10:00:00'),
  (7, 'gone', MD5(CONCAT('gone', MD5('gone-pass'), 'Xk3#qP9mZ2!aB')), '已删除用户', 0, 'register', '', 1, 1, '2021-06-03 10:00:00'),
  (8, 'oauth-carol', 'a7d2e0c4-1111-2222-3333-444455556666', 'Carol', 0, 'oauth', 'carol@example.com', 1, 0, '2021-07-01 10:00:00');

INSERT INTO space (id, name, creator_id, creator_name, is_compose, is_deleted) VALUES
  (1, '研发中心', 1, '超级管理员', 0, 0),
  (2, 'Partner APIs', 3, 'Alice', 0, 0),
  (3, '聚合空间', 1, '超级管理员', 1, 0),
  (4, '旧空间', 1, '超级管理员', 0, 1);

INSERT INTO space_user (user_id, space_id, role_code, is_deleted) VALUES
  (1, 1, 'admin', 0), (2, 1, 'dev', 0), (4, 1, 'guest', 0), (5, 1, 'dev', 0),
  (3, 2, 'admin', 0), (2, 2, 'guest', 0), (6, 2, 'dev', 1),
  (1, 3, 'admin', 0),
  (99, 1, 'dev', 0);

INSERT INTO project (id, name, description, space_id, is_private, creator_id, creator_name, order_index, is_deleted) VALUES
  (1, '商城项目', '电商后端接口', 1, 0, 1, '超级管理员', 1, 0),
  (2, 'Payments', 'Card and wallet payments', 2, 1, 3, 'Alice', 1, 0),
  (3, '废弃项目', '', 1, 0, 1, '超级管理员', 2, 1),
  (4, '孤儿项目', 'space 4 is deleted', 4, 0, 1, '超级管理员', 1, 0);

INSERT INTO project_user (project_id, user_id, role_code, is_deleted) VALUES
  (1, 1, 'admin', 0), (1, 2, 'dev', 0), (1, 4, 'guest', 0), (1, 5, 'dev', 0),
  (2, 3, 'admin', 0), (2, 2, 'dev', 0), (2, 6, 'guest', 1);

INSERT INTO module (id, name, project_id, type, token, create_mode, creator_id, order_index, is_deleted) VALUES
  (1, '商品服务', 1, 0, '9a4c1b0e2f3d4a5b8c7d6e5f4a3b2c1d', 0, 1, 1, 0),
  (2, '订单服务 (Dubbo)', 1, 0, 'b1e2d3c4a5f60718293a4b5c6d7e8f90', 1, 2, 2, 0),
  (3, 'Payment gateway', 2, 1, 'c0ffee00c0ffee00c0ffee00c0ffee00', 0, 3, 1, 0),
  (4, '已删除应用', 1, 0, 'deadbeefdeadbeefdeadbeefdeadbeef', 0, 1, 3, 1);

INSERT INTO module_config (module_id, type, config_key, config_value, is_deleted) VALUES
  (1, 0, 'torna.push.override', 'true', 0),
  (1, 0, 'allow-methods', 'POST,GET', 0),
  (3, 0, 'torna.push.print-content', 'true', 0),
  (1, 0, 'dingdingWebhookUrl', 'https://oapi.dingtalk.example/robot/send?access_token=x', 0);

INSERT INTO open_user (id, app_key, secret, status, applicant, space_id, is_deleted) VALUES
  (1, '2021March011234567890', 'S3cr3t!_of_open_user_number_one', 1, '张三', 1, 0),
  (2, '2021March029876543210', 'another-secret-value-2', 0, 'Alice', 2, 0);

INSERT INTO user_dingtalk_info (nick, name, email, userid, unionid, openid, user_info_id) VALUES
  ('三', '张三', 'zhangsan@example.cn', 'ding-user-1', 'union-zhangsan', 'open-1', 2);
INSERT INTO user_wecom_info (mobile, user_info_id) VALUES ('13800000000', 2);

INSERT INTO enum_info (id, data_id, name, description, module_id, is_deleted) VALUES
  (1, MD5('1:订单状态'), '订单状态', '订单的生命周期', 1, 0),
  (2, MD5('3:Currency'), 'Currency', 'ISO 4217 codes', 3, 0),
  (3, MD5('1:旧枚举'), '旧枚举', '', 1, 1);
INSERT INTO enum_item (enum_id, name, type, value, description, order_index, is_deleted) VALUES
  (1, 'WAIT_PAY', 'number', '0', '待支付', 1, 0),
  (1, 'PAID', 'number', '1', '已支付', 2, 0),
  (1, 'CANCELLED', 'number', '9', '已取消', 3, 1),
  (2, 'CNY', 'string', 'CNY', 'Chinese yuan', 1, 0),
  (2, 'USD', 'string', 'USD', 'US dollar', 2, 0);

-- Docs of module 1: a folder with an HTTP doc, a Markdown doc, a rich-text doc, a deleted doc, an orphan.
INSERT INTO doc_info (id, data_id, doc_key, name, description, author, type, url, version, http_method, content_type, deprecated, is_folder, parent_id, module_id, order_index, remark, is_show, is_deleted, is_locked, status, creator_id, creator_name, modifier_name, create_mode, modify_mode, gmt_create, gmt_modified) VALUES
  (10, MD5('1:0:商品管理'), MD5('1:商品管理'), '商品管理', '', '', 0, '', '', '', '', '$false$', 1, 0, 1, 1, '', 1, 0, 0, 5, 1, '超级管理员', '超级管理员', 0, 0, '2021-03-05 10:00:00', '2021-03-05 10:00:00'),
  (11, MD5('1:10:/goods/get:GET'), MD5('1:/goods/get:GET'), '获取商品详情', '<p>根据商品ID查询<b>商品</b>详情</p>', '张三', 0, '/goods/{goodsId}', '', 'GET', 'application/json', '$false$', 0, 10, 1, 1, '首次创建', 1, 0, 0, 10, 2, '张三', '张三', 1, 1, '2021-03-05 10:10:00', '2021-03-06 11:00:00'),
  (12, MD5('1:10:/goods/add:POST'), MD5('1:/goods/add:POST'), '新增商品', 'Create a product', 'Alice', 0, '/goods/add', '', 'POST', 'application/json', '请使用 /goods/v2/add', 0, 10, 1, 2, '', 1, 0, 1, 5, 2, '张三', '张三', 0, 0, '2021-03-05 10:20:00', '2021-03-05 10:20:00'),
  (13, MD5('1:0:接入说明'), MD5('1:接入说明'), '接入说明', '# 接入说明\n\n1. 申请 token\n2. 调用接口\n\n```json\n{"code":0}\n```', '超级管理员', 3, '', '', '', '', '$false$', 0, 0, 1, 2, '', 1, 0, 0, 5, 1, '超级管理员', '超级管理员', 0, 0, '2021-03-05 10:30:00', '2021-03-05 10:30:00'),
  (14, MD5('1:0:更新日志'), MD5('1:更新日志'), '更新日志', '<h2>2021-03</h2><p>First release</p><script>alert(1)</script>', '', 2, '', '', '', '', '$false$', 0, 0, 1, 3, '', 0, 0, 0, 5, 1, '超级管理员', '超级管理员', 0, 0, '2021-03-05 10:40:00', '2021-03-05 10:40:00'),
  (15, MD5('1:10:/goods/del:POST'), MD5('1:/goods/del:POST'), '删除商品 (已删)', '', '', 0, '/goods/del', '', 'POST', '', '$false$', 0, 10, 1, 3, '', 1, 1, 0, 5, 1, '超级管理员', '超级管理员', 0, 0, '2021-03-05 10:50:00', '2021-03-05 10:50:00'),
  (16, MD5('1:777:/orphan:GET'), MD5('1:/orphan:GET'), 'Orphan doc', 'parent folder 777 does not exist', '', 0, '/orphan', '', 'GET', '', '$false$', 0, 777, 1, 4, '', 1, 0, 0, 5, 1, '超级管理员', '超级管理员', 0, 0, '2021-03-05 11:00:00', '2021-03-05 11:00:00');

-- Docs of module 2: a Dubbo service folder (props) with a Dubbo method doc.
INSERT INTO doc_info (id, data_id, doc_key, name, description, author, type, url, version, http_method, content_type, deprecated, is_folder, parent_id, module_id, order_index, remark, is_show, is_deleted, is_locked, status, creator_id, creator_name, modifier_name, create_mode, modify_mode, gmt_create, gmt_modified) VALUES
  (20, MD5('2:0:OrderService'), MD5('2:OrderService'), 'OrderService', '订单 Dubbo 服务', '', 1, '', '', '', '', '$false$', 1, 0, 2, 1, '', 1, 0, 0, 5, 2, '张三', '张三', 1, 1, '2021-04-01 10:00:00', '2021-04-01 10:00:00'),
  (21, MD5('2:20:createOrder'), MD5('2:createOrder'), '创建订单', '创建一个订单', '张三', 1, 'com.example.order.OrderService#createOrder(OrderRequest)', '1.0.0', '', '', '$false$', 0, 20, 2, 1, '', 1, 0, 0, 5, 2, '张三', '张三', 1, 1, '2021-04-01 10:01:00', '2021-04-01 10:01:00');

-- Docs of module 3 (English), one hidden.
INSERT INTO doc_info (id, data_id, doc_key, name, description, author, type, url, version, http_method, content_type, deprecated, is_folder, parent_id, module_id, order_index, remark, is_show, is_deleted, is_locked, status, creator_id, creator_name, modifier_name, create_mode, modify_mode, gmt_create, gmt_modified) VALUES
  (30, MD5('3:0:/pay/charge:POST'), MD5('3:/pay/charge:POST'), 'Charge a card', '<p>Charges the card on file.</p>', 'Alice', 0, '/pay/charge', '', 'POST', 'application/json', '$false$', 0, 0, 3, 1, '', 1, 0, 0, 10, 3, 'Alice', 'Alice', 1, 1, '2021-05-01 10:00:00', '2021-05-01 10:00:00'),
  (31, MD5('3:0:/pay/refund:POST'), MD5('3:/pay/refund:POST'), 'Refund', 'Refunds a charge', 'Alice', 0, '/pay/refund', '', 'POST', 'application/x-www-form-urlencoded', '$false$', 0, 0, 3, 2, '', 0, 0, 0, 5, 3, 'Alice', 'Alice', 1, 1, '2021-05-01 10:05:00', '2021-05-01 10:05:00');

INSERT INTO prop (ref_id, type, name, val) VALUES
  (20, 0, 'interfaceName', 'com.example.order.OrderService'),
  (20, 0, 'version', '1.0.0'),
  (20, 0, 'protocol', 'dubbo'),
  (20, 0, 'author', '张三'),
  (20, 0, 'dependency', '<dependency><groupId>com.example</groupId></dependency>'),
  (11, 10, 'debugForm', '{"goodsId":"1"}');

INSERT INTO push_ignore_field (module_id, data_id, field_name, field_description) VALUES
  (1, MD5('1:10:/goods/get:GET'), 'description', '描述');

-- Params of doc 11: path, header, query, response tree with an enum link, error codes; a deleted row.
INSERT INTO doc_param (id, data_id, name, type, required, max_length, example, description, enum_id, doc_id, parent_id, style, order_index, is_deleted) VALUES
  (100, MD5('11:0:0:goodsId'), 'goodsId', 'Long', 1, '20', '1001', '商品ID', 0, 11, 0, 0, 1, 0),
  (101, MD5('11:0:1:X-Token'), 'X-Token', 'String', 1, '64', 'abc', '登录令牌', 0, 11, 0, 1, 1, 0),
  (102, MD5('11:0:5:lang'), 'lang', 'string', 0, '-', 'zh-CN', 'Language', 0, 11, 0, 5, 1, 0),
  (103, MD5('11:0:3:code'), 'code', 'int', 1, '-', '0', '返回码', 0, 11, 0, 3, 1, 0),
  (104, MD5('11:0:3:data'), 'data', 'object', 1, '', '', '商品数据', 0, 11, 0, 3, 2, 0),
  (105, MD5('11:104:3:name'), 'name', 'String', 1, '128', 'iPhone', '商品名称', 0, 11, 104, 3, 1, 0),
  (106, MD5('11:104:3:status'), 'status', 'Integer', 1, '-', '1', '订单状态', 1, 11, 104, 3, 2, 0),
  (107, MD5('11:104:3:tags'), 'tags', 'List<String>', 0, '-', '["a"]', '标签', 0, 11, 104, 3, 3, 0),
  (108, MD5('11:0:4:10001'), '10001', 'String', 0, '-', '检查商品ID', '商品不存在', 0, 11, 0, 4, 1, 0),
  (109, MD5('11:0:3:old'), 'old', 'String', 0, '-', '', 'deleted row', 0, 11, 0, 3, 9, 1);
-- Params of doc 12 (request body) and 21 (Dubbo request), 30 (body + response).
INSERT INTO doc_param (id, data_id, name, type, required, max_length, example, description, enum_id, doc_id, parent_id, style, order_index, is_deleted) VALUES
  (110, MD5('12:0:2:name'), 'name', 'String', 1, '128', '手机', '商品名称', 0, 12, 0, 2, 1, 0),
  (111, MD5('12:0:2:price'), 'price', 'BigDecimal', 1, '-', '99.50', '价格', 0, 12, 0, 2, 2, 0),
  (112, MD5('12:0:2:images'), 'images', 'array', 0, '', '', '图片', 0, 12, 0, 2, 3, 0),
  (113, MD5('12:112:2:url'), 'url', 'String', 1, '256', 'https://img.example/1.png', '图片地址', 0, 12, 112, 2, 1, 0),
  (120, MD5('21:0:2:request'), 'request', 'OrderRequest', 1, '', '', '下单请求', 0, 21, 0, 2, 1, 0),
  (121, MD5('21:120:2:skuId'), 'skuId', 'long', 1, '-', '42', 'SKU', 0, 21, 120, 2, 1, 0),
  (130, MD5('30:0:2:amount'), 'amount', 'long', 1, '-', '1000', 'Amount in cents', 0, 30, 0, 2, 1, 0),
  (131, MD5('30:0:2:currency'), 'currency', 'enum', 1, '3', 'CNY', 'Currency', 2, 30, 0, 2, 2, 0),
  (132, MD5('30:0:3:chargeId'), 'chargeId', 'string', 1, '-', 'ch_1', 'The charge', 0, 30, 0, 3, 1, 0),
  (133, MD5('30:555:3:lost'), 'lost', 'string', 0, '-', '', 'orphan row: parent 555 missing', 0, 30, 555, 3, 2, 0);

INSERT INTO constant_info (project_id, module_id, doc_id, content) VALUES
  (1, 0, 0, '<h3>错误码</h3><table><tr><td>10001</td><td>商品不存在</td></tr></table>'),
  (0, 1, 0, '<p>商品服务常量</p>');

INSERT INTO module_environment (id, module_id, name, url, is_public, is_deleted) VALUES
  (1, 1, '测试环境', 'http://10.0.0.1:8080/', 1, 0),
  (2, 1, '生产环境', 'https://api.example.cn', 0, 0),
  (3, 3, 'sandbox', 'https://sandbox.pay.example', 1, 0),
  (4, 1, '旧环境', 'http://old', 0, 1);
INSERT INTO module_environment_param (data_id, name, type, required, max_length, example, description, environment_id, parent_id, style, order_index, is_deleted) VALUES
  (MD5('1:0:1:Authorization'), 'Authorization', 'String', 1, '-', 'Bearer xxx', '全局认证头', 1, 0, 1, 1, 0),
  (MD5('1:0:2:appId'), 'appId', 'String', 0, '-', 'app-1', '应用ID', 1, 0, 2, 1, 0),
  (MD5('1:0:3:traceId'), 'traceId', 'String', 0, '-', 't-1', '链路ID', 1, 0, 3, 1, 0),
  (MD5('3:0:1:X-Api-Key'), 'X-Api-Key', 'String', 1, '-', 'key', 'API key', 3, 0, 1, 1, 0);

-- History: Torna's snapshots are the JSON of its doc detail (DocInfoDTO: ids as hashids, param lists flat with
-- parentId). Doc 11: three saves, the last one the doc as it is now; doc 30: one earlier save; doc 31: a
-- snapshot cut short (unreadable); doc 15: deleted. Generated from the rows above, as Torna's saves write them.
INSERT INTO doc_snapshot (id, doc_id, doc_key, md5, modifier_name, modifier_time, content) VALUES
  (1, 11, MD5('1:/goods/get:GET'), MD5('snap-11-a'), '张三', '2021-03-05 10:10:00', '{"author":"张三","contentType":"application/json","deprecated":"$false$","docKey":"","httpMethod":"GET","id":"jP81wzqA","isFolder":0,"isRequestArray":0,"isResponseArray":0,"isShow":1,"isUseGlobalHeaders":1,"isUseGlobalParams":1,"isUseGlobalReturns":1,"moduleId":"7YX0lXxR","parentId":"57zLZ8Qw","projectId":"7YX0lXxR","requestArrayType":"object","responseArrayType":"object","type":0,"url":"/goods/{goodsId}","version":"","pathParams":[{"id":"p58pNWz3","parentId":"","docId":"jP81wzqA","style":0,"orderIndex":1,"name":"goodsId","type":"String","required":1,"require":true,"maxLength":"20","example":"1001","description":"商品ID","enumId":"","global":false,"isDeleted":0}],"headerParams":[],"queryParams":[],"requestParams":[],"responseParams":[{"id":"je24k3zL","parentId":"","docId":"jP81wzqA","style":3,"orderIndex":1,"name":"code","type":"int","required":1,"require":true,"maxLength":"-","example":"0","description":"返回码","enumId":"","global":false,"isDeleted":0},{"id":"9VXEkb2v","parentId":"","docId":"jP81wzqA","style":3,"orderIndex":2,"name":"data","type":"object","required":1,"require":true,"maxLength":"","example":"","description":"商品数据","enumId":"","global":false,"isDeleted":0},{"id":"Br2jl3XG","parentId":"9VXEkb2v","docId":"jP81wzqA","style":3,"orderIndex":1,"name":"name","type":"String","required":1,"require":true,"maxLength":"128","example":"iPhone","description":"商品名称","enumId":"","global":false,"isDeleted":0}],"errorCodeParams":[],"globalHeaders":[],"globalParams":[],"globalReturns":[],"debugEnvs":[],"children":[],"name":"获取商品","description":"<p>查询商品</p>","modifierName":"张三","gmtModified":"2021-03-05 10:10:00"}'),
  (2, 11, MD5('1:/goods/get:GET'), MD5('snap-11-b'), '超级管理员', '2021-03-05 15:30:00', '{"author":"张三","contentType":"application/json","deprecated":"$false$","docKey":"","httpMethod":"GET","id":"jP81wzqA","isFolder":0,"isRequestArray":0,"isResponseArray":0,"isShow":1,"isUseGlobalHeaders":1,"isUseGlobalParams":1,"isUseGlobalReturns":1,"moduleId":"7YX0lXxR","parentId":"57zLZ8Qw","projectId":"7YX0lXxR","requestArrayType":"object","responseArrayType":"object","type":0,"url":"/goods/{goodsId}","version":"","pathParams":[{"id":"p58pNWz3","parentId":"","docId":"jP81wzqA","style":0,"orderIndex":1,"name":"goodsId","type":"Long","required":1,"require":true,"maxLength":"20","example":"1001","description":"商品ID","enumId":"","global":false,"isDeleted":0}],"headerParams":[{"id":"7YX05Gzx","parentId":"","docId":"jP81wzqA","style":1,"orderIndex":1,"name":"X-Token","type":"String","required":1,"require":true,"maxLength":"64","example":"abc","description":"登录令牌","enumId":"","global":false,"isDeleted":0}],"queryParams":[],"requestParams":[],"responseParams":[{"id":"je24k3zL","parentId":"","docId":"jP81wzqA","style":3,"orderIndex":1,"name":"code","type":"int","required":1,"require":true,"maxLength":"-","example":"0","description":"返回码","enumId":"","global":false,"isDeleted":0},{"id":"9VXEkb2v","parentId":"","docId":"jP81wzqA","style":3,"orderIndex":2,"name":"data","type":"object","required":1,"require":true,"maxLength":"","example":"","description":"商品数据","enumId":"","global":false,"isDeleted":0},{"id":"Br2jl3XG","parentId":"9VXEkb2v","docId":"jP81wzqA","style":3,"orderIndex":1,"name":"name","type":"String","required":1,"require":true,"maxLength":"128","example":"iPhone","description":"商品名称","enumId":"","global":false,"isDeleted":0},{"id":"m32QxDz0","parentId":"9VXEkb2v","docId":"jP81wzqA","style":3,"orderIndex":2,"name":"status","type":"Integer","required":1,"require":true,"maxLength":"-","example":"1","description":"订单状态","enumId":"7YX0lXxR","global":false,"isDeleted":0}],"errorCodeParams":[{"id":"kpX91AXr","parentId":"","docId":"jP81wzqA","style":4,"orderIndex":1,"name":"10001","type":"String","required":0,"require":false,"maxLength":"-","example":"检查商品ID","description":"商品不存在","enumId":"","global":false,"isDeleted":0}],"globalHeaders":[],"globalParams":[],"globalReturns":[],"debugEnvs":[],"children":[],"name":"获取商品详情","description":"<p>根据商品ID查询<b>商品</b>详情</p>","modifierName":"超级管理员","gmtModified":"2021-03-05 15:30:00"}'),
  (3, 11, MD5('1:/goods/get:GET'), MD5('snap-11-c'), '张三', '2021-03-06 11:00:00', '{"author":"张三","contentType":"application/json","deprecated":"$false$","docKey":"","httpMethod":"GET","id":"jP81wzqA","isFolder":0,"isRequestArray":0,"isResponseArray":0,"isShow":1,"isUseGlobalHeaders":1,"isUseGlobalParams":1,"isUseGlobalReturns":1,"moduleId":"7YX0lXxR","parentId":"57zLZ8Qw","projectId":"7YX0lXxR","requestArrayType":"object","responseArrayType":"object","type":0,"url":"/goods/{goodsId}","version":"","pathParams":[{"id":"p58pNWz3","parentId":"","docId":"jP81wzqA","style":0,"orderIndex":1,"name":"goodsId","type":"Long","required":1,"require":true,"maxLength":"20","example":"1001","description":"商品ID","enumId":"","global":false,"isDeleted":0}],"headerParams":[{"id":"7YX05Gzx","parentId":"","docId":"jP81wzqA","style":1,"orderIndex":1,"name":"X-Token","type":"String","required":1,"require":true,"maxLength":"64","example":"abc","description":"登录令牌","enumId":"","global":false,"isDeleted":0}],"queryParams":[{"id":"rnzdbe8j","parentId":"","docId":"jP81wzqA","style":5,"orderIndex":1,"name":"lang","type":"string","required":0,"require":false,"maxLength":"-","example":"zh-CN","description":"Language","enumId":"","global":false,"isDeleted":0}],"requestParams":[],"responseParams":[{"id":"je24k3zL","parentId":"","docId":"jP81wzqA","style":3,"orderIndex":1,"name":"code","type":"int","required":1,"require":true,"maxLength":"-","example":"0","description":"返回码","enumId":"","global":false,"isDeleted":0},{"id":"9VXEkb2v","parentId":"","docId":"jP81wzqA","style":3,"orderIndex":2,"name":"data","type":"object","required":1,"require":true,"maxLength":"","example":"","description":"商品数据","enumId":"","global":false,"isDeleted":0},{"id":"Br2jl3XG","parentId":"9VXEkb2v","docId":"jP81wzqA","style":3,"orderIndex":1,"name":"name","type":"String","required":1,"require":true,"maxLength":"128","example":"iPhone","description":"商品名称","enumId":"","global":false,"isDeleted":0},{"id":"m32QxDz0","parentId":"9VXEkb2v","docId":"jP81wzqA","style":3,"orderIndex":2,"name":"status","type":"Integer","required":1,"require":true,"maxLength":"-","example":"1","description":"订单状态","enumId":"7YX0lXxR","global":false,"isDeleted":0},{"id":"RqXB6KXE","parentId":"9VXEkb2v","docId":"jP81wzqA","style":3,"orderIndex":3,"name":"tags","type":"List<String>","required":0,"require":false,"maxLength":"-","example":"[\\"a\\"]","description":"标签","enumId":"","global":false,"isDeleted":0}],"errorCodeParams":[{"id":"kpX91AXr","parentId":"","docId":"jP81wzqA","style":4,"orderIndex":1,"name":"10001","type":"String","required":0,"require":false,"maxLength":"-","example":"检查商品ID","description":"商品不存在","enumId":"","global":false,"isDeleted":0}],"globalHeaders":[],"globalParams":[],"globalReturns":[],"debugEnvs":[],"children":[],"name":"获取商品详情","description":"<p>根据商品ID查询<b>商品</b>详情</p>","modifierName":"张三","gmtModified":"2021-03-06 11:00:00"}'),
  (4, 30, MD5('3:/pay/charge:POST'), MD5('snap-30-a'), 'Alice', '2021-04-20 09:00:00', '{"author":"Alice","contentType":"application/json","deprecated":"$false$","docKey":"","httpMethod":"POST","id":"jbXK0z7k","isFolder":0,"isRequestArray":0,"isResponseArray":0,"isShow":1,"isUseGlobalHeaders":1,"isUseGlobalParams":1,"isUseGlobalReturns":1,"moduleId":"je24ozLJ","parentId":"","projectId":"rnzdb8jY","requestArrayType":"object","responseArrayType":"object","type":0,"url":"/pay/charge","version":"","pathParams":[],"headerParams":[],"queryParams":[],"requestParams":[{"id":"jbXKWYX7","parentId":"","docId":"jbXK0z7k","style":2,"orderIndex":1,"name":"amount","type":"long","required":1,"require":true,"maxLength":"-","example":"1000","description":"Amount in cents","enumId":"","global":false,"isDeleted":0}],"responseParams":[{"id":"oNzvQRXD","parentId":"","docId":"jbXK0z7k","style":3,"orderIndex":1,"name":"chargeId","type":"string","required":1,"require":true,"maxLength":"-","example":"ch_1","description":"The charge","enumId":"","global":false,"isDeleted":0}],"errorCodeParams":[],"globalHeaders":[],"globalParams":[],"globalReturns":[],"debugEnvs":[],"children":[],"name":"Charge card","description":"<p>Charges a card.</p>","modifierName":"Alice","gmtModified":"2021-04-20 09:00:00"}'),
  (5, 31, MD5('3:/pay/refund:POST'), MD5('snap-31-a'), 'Alice', '2021-05-01 10:05:00', '{"name":"Refund",'),
  (6, 15, MD5('1:/goods/del:POST'), MD5('snap-15-a'), '超级管理员', '2021-03-05 10:50:00', '{"author":"张三","contentType":"application/json","deprecated":"$false$","docKey":"","httpMethod":"GET","id":"pqXbE8vD","isFolder":0,"isRequestArray":0,"isResponseArray":0,"isShow":1,"isUseGlobalHeaders":1,"isUseGlobalParams":1,"isUseGlobalReturns":1,"moduleId":"7YX0lXxR","parentId":"57zLZ8Qw","projectId":"7YX0lXxR","requestArrayType":"object","responseArrayType":"object","type":0,"url":"/goods/{goodsId}","version":"","pathParams":[],"headerParams":[],"queryParams":[],"requestParams":[],"responseParams":[],"errorCodeParams":[],"globalHeaders":[],"globalParams":[],"globalReturns":[],"debugEnvs":[],"children":[],"name":"删除商品"}');
INSERT INTO doc_diff_record (id, doc_id, doc_key, md5_old, md5_new, modify_source, modify_user_id, modify_nickname, modify_type, modify_time) VALUES
  (1, 11, MD5('1:/goods/get:GET'), '', MD5('snap-11-a'), 1, 2, '张三', 1, '2021-03-05 10:10:00'),
  (2, 11, MD5('1:/goods/get:GET'), MD5('snap-11-a'), MD5('snap-11-b'), 1, 1, '超级管理员', 0, '2021-03-05 15:30:00'),
  (3, 11, MD5('1:/goods/get:GET'), MD5('snap-11-b'), MD5('snap-11-c'), 0, 2, '张三', 0, '2021-03-06 11:00:00'),
  (4, 30, MD5('3:/pay/charge:POST'), MD5('snap-30-a'), MD5('snap-30-b'), 0, 3, 'Alice', 0, '2021-05-01 10:00:00');
INSERT INTO doc_diff_detail (record_id, position_type, target_name, content, modify_type) VALUES
  (2, 0, 'name', '{"value":{"oldValue":"获取商品","newValue":"获取商品详情"},"targetName":"name"}', 0),
  (2, 41, 'X-Token', '{"value":{"oldValue":{},"newValue":{"PARAM_NAME":"X-Token"}},"targetName":"X-Token"}', 1),
  (4, 0, 'name', '{"value":{"oldValue":"Charge card","newValue":"Charge a card"},"targetName":"name"}', 0);

INSERT INTO user_subscribe (user_id, type, source_id, is_deleted) VALUES
  (2, 1, 11, 0), (3, 1, 30, 0), (2, 2, 1, 0), (4, 1, 15, 0), (2, 1, 12, 1), (2, 4, 1, 0), (3, 4, 2, 0), (3, 4, 99, 0);
INSERT INTO user_message (user_id, message, is_read, type, source_id, gmt_create) VALUES
  (2, '超级管理员 修改了文档 获取商品详情', 0, 1, 11, '2021-03-06 11:00:01'),
  (3, 'Alice pushed 2 docs', 1, 3, 3, '2021-05-01 10:06:00');

-- Releases: Torna binds docs per application; editing a release soft-deletes its bindings and inserts them again.
INSERT INTO project_release (id, project_id, release_no, release_desc, status, dingding_webhook, we_com_webhook, is_deleted, gmt_create, gmt_modified) VALUES
  (1, 1, 'v1.0.0', '首个版本', 1, 'https://oapi.dingtalk.com/robot/send?access_token=abc', '', 0, '2021-03-06 12:00:00', '2021-03-06 12:05:00'),
  (2, 2, '2.1', 'Refunds added', 0, '', 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', 0, '2021-05-02 09:00:00', '2021-05-02 09:00:00'),
  (3, 1, 'v0.9', '已删除的版本', 1, '', '', 1, '2021-03-01 09:00:00', '2021-03-01 09:00:00'),
  (4, 88, 'v1', 'orphan: project 88 is gone', 1, '', '', 0, '2021-03-01 09:00:00', '2021-03-01 09:00:00');
INSERT INTO project_release_doc (project_id, release_id, module_id, source_id, is_deleted) VALUES
  (1, 1, 1, 11, 1), (1, 1, 1, 11, 0), (1, 1, 1, 12, 0), (1, 1, 1, 15, 0), (1, 1, 1, 10, 0),
  (2, 2, 3, 30, 0), (2, 2, 3, 31, 0), (2, 2, 1, 11, 0), (1, 3, 1, 11, 0);

INSERT INTO share_config (id, type, password, expiration_time, status, module_id, is_all, is_deleted, remark, creator_name, is_show_debug, is_all_selected_debug) VALUES
  (1, 1, '', NULL, 1, 1, 1, 0, '对外公开', '超级管理员', 1, 1),
  (2, 2, 'k7Qz', '2099-12-31', 1, 1, 0, 0, '给合作方', '张三', 1, 0),
  (3, 2, 'zzzz', NULL, 1, 1, 1, 1, 'deleted share', '张三', 0, 1),
  (4, 1, '', NULL, 1, 88, 1, 0, 'orphan share of module 88', '张三', 0, 1);
INSERT INTO share_content (share_config_id, doc_id, parent_id, is_share_folder, is_deleted) VALUES
  (2, 10, 0, 1, 0), (2, 13, 0, 0, 0);
INSERT INTO share_environment (share_config_id, module_environment_id) VALUES (2, 1);

INSERT INTO compose_project (id, name, description, space_id, type, password, creator_id, creator_name, order_index, show_debug, gateway_url, status, is_deleted) VALUES
  (1, '开放平台', '对外聚合文档', 3, 2, 'p4ss', 1, '超级管理员', 1, 1, 'https://gw.example.cn', 1, 0);
INSERT INTO compose_doc (id, doc_id, project_id, is_folder, folder_name, parent_id, origin, creator, order_index, is_deleted) VALUES
  (1, 0, 1, 1, '商品', 0, '', '超级管理员', 1, 0),
  (2, 11, 1, 0, '', 1, '研发中心/商城项目/商品服务', '超级管理员', 1, 0),
  (3, 30, 1, 0, '', 0, 'Partner APIs/Payments/Payment gateway', '超级管理员', 2, 0);
INSERT INTO compose_common_param (data_id, name, type, required, max_length, example, description, compose_project_id, parent_id, style, order_index) VALUES
  (MD5('c1:0:2:sign'), 'sign', 'String', 1, '-', 'abc', '签名', 1, 0, 2, 1),
  (MD5('c1:0:3:requestId'), 'requestId', 'String', 1, '-', 'r-1', '请求ID', 1, 0, 3, 1);
INSERT INTO compose_additional_page (project_id, title, content, order_index, status) VALUES
  (1, '接入指南', '<p>先申请 appKey</p>', 1, 1);

INSERT INTO mock_config (id, name, data_id, version, path, request_data, request_data_type, http_status, delay_mills, result_type, response_headers, response_body, mock_script, mock_result, doc_id, remark, creator_id, creator_name, modifier_name, is_deleted) VALUES
  (1, '默认', MD5('goods/1001'), 1, 'goods/1001', '[]', 0, 200, 0, 0, '[{"name":"X-Mock","value":"yes"}]', '{"code":0,"data":{"name":"iPhone"}}', '', '', 11, '', 1, '超级管理员', '超级管理员', 0),
  (2, '脚本', MD5('pay/charge'), 1, 'pay/charge', '{"amount":1}', 1, 201, 10, 1, '[]', '', 'Mock.mock({"id|1-100":1})', '{"id":5}', 30, 'script', 3, 'Alice', 'Alice', 0),
  (3, 'deleted', MD5('gone'), 1, 'gone', '[]', 0, 200, 0, 0, '[]', 'x', '', '', 11, '', 1, '', '', 1);

INSERT INTO debug_script (NAME, description, content, type, scope, ref_id, creator_name, enabled, is_deleted) VALUES
  ('加签', '请求前加签', 'req.headers["X-Sign"] = "s";', 0, 1, 1, '张三', 1, 0),
  ('Log', 'after response', 'console.log(resp.status);', 1, 0, 30, 'Alice', 0, 0),
  ('Deleted', '', 'x', 0, 2, 1, '', 1, 1);

-- Code templates (Velocity): Torna's own curl seed, an English one with $velocityCount, a Java one that names
-- variables Torna never had, one with #set, one deleted.
INSERT INTO gen_template (id, name, content, group_name, is_deleted) VALUES
  (1, 'Java 实体', 'public class ${docInfo.name} {\n#foreach($p in $responseParams)\n  private ${p.type} ${p.name};\n#end\n}', '默认分组', 0),
  (2, 'curl', 'curl --location \'${doc.url}?${doc.queryString}\' \\\n#foreach($param in ${doc.headerParams})\n--header \'${param.name}: ${param.example}\' \\\n#end\n#if(${doc.httpMethod} == \'POST\' || ${doc.httpMethod} == \'PUT\')\n--data \'${doc.requestExample}\'\n#end\n', '默认分组', 0),
  (3, 'Field list', '## one line per response field\n#foreach($f in $doc.responseParams)\n$velocityCount. $f.name ($f.type)#if($f.require) required#end\n#end', 'English', 0),
  (4, 'Vue 表格', '#set($jq="$")\n<template>{{ x }}</template>', '前端', 0),
  (5, 'Old', '$doc.name', '默认分组', 1);

INSERT INTO system_i18n_config (lang, description, content) VALUES ('en', 'English', '{}');
INSERT INTO ms_space_config (space_id, ms_space_id, ms_space_name, ms_address, ms_access_key, ms_secret_key) VALUES (1, 'ms1', 'MS', 'http://ms', 'ak', 'sk');
