/** Pure domain logic of API docs: no database, no HTTP. Browser-safe parts only are re-exported here. */
export {
  DEFAULT_EXAMPLES,
  type ExampleParam,
  exampleObject,
  exampleOf,
} from './examples/generate-example.ts';
