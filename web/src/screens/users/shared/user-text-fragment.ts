import { graphql } from '../../../gql/index.js';

/**
 * The user's optional text fields (schema's USER_TEXT_FIELDS), as the profile reads them and the
 * create and update payloads return them. The one place the console names each: codegen types only
 * what a document selects, and a field listed but not selected here is a type error where the
 * profile reads the list.
 */
export const UserTextFieldsUserFragment = graphql(`
  fragment UserTextFields_user on User {
    jobTitle
  }
`);
