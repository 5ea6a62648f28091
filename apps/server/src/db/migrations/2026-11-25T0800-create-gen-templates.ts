import type { Kysely } from 'kysely';

/**
 * Code generation templates (LiquidJS), grouped by `group_name`, managed by super admins; every reader may
 * render one against a doc. The built-in templates are rows like any other (admins may edit or delete
 * them); their text is written here, not imported, because a migration never imports application code.
 * The context they read (`doc`, `requestTypes`, `responseTypes`, the `type` and case filters) is described
 * in apps/server/src/modules/gen/gen-context.ts.
 */
const CLASS_FIELDS = (open: string, field: string, close: string) =>
  `{%- for t in requestTypes -%}\n${open}{% for f in t.fields %}${field}{% endfor %}${close}\n{% endfor -%}\n{%- for t in responseTypes -%}\n${open}{% for f in t.fields %}${field}{% endfor %}${close}\n{% endfor -%}`;

const BUILT_IN: Array<{ id: string; name: string; content: string }> = [
  {
    id: 'gen-builtin-typescript',
    name: 'TypeScript interfaces',
    content: CLASS_FIELDS(
      '{% if t.description != "" %}/** {{ t.description }} */\n{% endif %}export interface {{ t.name }} {\n',
      '{% if f.description != "" %}  /** {{ f.description }} */\n{% endif %}  {{ f.name }}{% unless f.required %}?{% endunless %}: {{ f | type: "ts" }};\n',
      '}\n',
    ),
  },
  {
    id: 'gen-builtin-java-lombok',
    name: 'Java class (Lombok)',
    content: CLASS_FIELDS(
      '{% if t.description != "" %}/** {{ t.description }} */\n{% endif %}@Data\npublic class {{ t.name }} {\n',
      '{% if f.description != "" %}    /** {{ f.description }} */\n{% endif %}    private {{ f | type: "java" }} {{ f.name | camel_case }};\n',
      '}\n',
    ),
  },
  {
    id: 'gen-builtin-kotlin',
    name: 'Kotlin data class',
    content: CLASS_FIELDS(
      '{% if t.description != "" %}/** {{ t.description }} */\n{% endif %}data class {{ t.name }}(\n',
      '{% if f.description != "" %}    /** {{ f.description }} */\n{% endif %}    val {{ f.name | camel_case }}: {{ f | type: "kotlin" }}{% unless f.required %}? = null{% endunless %},\n',
      ')\n',
    ),
  },
  {
    id: 'gen-builtin-go',
    name: 'Go struct',
    content: CLASS_FIELDS(
      '// {{ t.name }} {{ t.description }}\ntype {{ t.name }} struct {\n',
      '\t{{ f.name | pascal_case }} {% unless f.required %}*{% endunless %}{{ f | type: "go" }} `json:"{{ f.name }}{% unless f.required %},omitempty{% endunless %}"`{% if f.description != "" %} // {{ f.description }}{% endif %}\n',
      '}\n',
    ),
  },
  {
    id: 'gen-builtin-python',
    name: 'Python dataclass',
    content: `from dataclasses import dataclass\nfrom typing import Optional\n\n${CLASS_FIELDS(
      '@dataclass\nclass {{ t.name }}:\n{% if t.description != "" %}    """{{ t.description }}"""\n{% endif %}',
      '    {{ f.name | snake_case }}: {% if f.required %}{{ f | type: "python" }}{% else %}Optional[{{ f | type: "python" }}] = None{% endif %}{% if f.description != "" %}  # {{ f.description }}{% endif %}\n',
      '',
    )}`,
  },
  {
    id: 'gen-builtin-csharp',
    name: 'C# record',
    content: CLASS_FIELDS(
      '{% if t.description != "" %}/// <summary>{{ t.description }}</summary>\n{% endif %}public record {{ t.name }}(\n',
      '    {{ f | type: "csharp" }}{% unless f.required %}?{% endunless %} {{ f.name | pascal_case }}{% unless forloop.last %},{% endunless %}\n',
      ');\n',
    ),
  },
  {
    id: 'gen-builtin-axios',
    name: 'axios client function',
    content: `import axios from 'axios';

/** {{ doc.name }} */
export async function {{ doc.functionName }}(
{%- for p in doc.pathParams %}{{ p.name | camel_case }}: {{ p | type: "ts" }}, {% endfor -%}
{%- if doc.queryParams.size > 0 %}query: { {% for p in doc.queryParams %}{{ p.name }}{% unless p.required %}?{% endunless %}: {{ p | type: "ts" }}; {% endfor %}}, {% endif -%}
{%- if doc.requestParams.size > 0 %}body: {{ doc.requestTypeName }}{% if doc.isRequestArray %}[]{% endif %}{% endif -%}
) {
  const response = await axios.request{% if doc.responseParams.size > 0 %}<{{ doc.responseTypeName }}{% if doc.isResponseArray %}[]{% endif %}>{% endif %}({
    method: '{{ doc.httpMethod }}',
    url: \`{{ doc.urlTemplate }}\`,
{%- if doc.queryParams.size > 0 %}
    params: query,
{%- endif %}
{%- if doc.requestParams.size > 0 %}
    data: body,
{%- endif %}
  });
  return response.data;
}
`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gen_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gen_templates_group_name_unique', ['group_name', 'name'])
    .execute();
  const at = new Date().toISOString();
  // Snake-case names work with and without the app's CamelCasePlugin.
  await (db as Kysely<{ gen_templates: Record<string, unknown> }>)
    .insertInto('gen_templates')
    .values(
      BUILT_IN.map((t, i) => ({
        id: t.id,
        group_name: 'Built-in',
        name: t.name,
        content: t.content,
        order_index: i * 10,
        created_by: '',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gen_templates').execute();
}
