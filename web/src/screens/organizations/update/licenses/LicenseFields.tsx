import { Callout, Classes, H3, Intent, Switch } from '@blueprintjs/core';
import { INVITATIONS_COUNT_NOTE } from '@meridian/schema';
import { Fragment } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { LicenseUseBar } from '../../shared/LicenseUseBar.js';
import { TextField } from '../../../../components/TextField.js';
import {
  disableProduct,
  enableProduct,
  neededByMessage,
  productsNeeding,
  withDependencies,
  type DependencyMap,
  type LicensableProduct,
} from './license-products.js';
import { aboveUserLimitWarning, belowUsageWarning, type LicenseField, type LicenseValues } from './licenses-form.js';

export const LicenseFields_licenses = graphql(`
  fragment LicenseFields_licenses on Licenses {
    userLimit
    activeUsers
    tableauUserLicenses {
      explorerCount
      viewerCount
      explorerUsed
      viewerUsed
    }
    products {
      product
      enabled
    }
  }
`);

/** The licenses as stored, with usage: what the fields start from and count against. */
export function licenseSourceOf(licenses: FragmentType<typeof LicenseFields_licenses>) {
  return getFragmentData(LicenseFields_licenses, licenses);
}

const KIND_HEADINGS: Record<string, string> = {
  BI: 'BI dashboards',
  MODELS: 'Models',
  DATA: 'Data',
  FIELDS: 'Fields',
  FIELD_VALUES: 'Field values',
  LICENSABLE_FIELD_GROUPS: 'Field groups',
  PROVIDER_ALIAS: 'Managed providers',
  PROVIDER_RELATIONSHIP: 'Managed providers',
};

export interface LicenseFieldsProps {
  values: LicenseValues;
  onChange: (field: LicenseField, patch: Partial<LicenseValues>) => void;
  onBlur: (field: LicenseField) => void;
  /** The stored licenses with their usage. */
  source: ReturnType<typeof licenseSourceOf>;
  catalog: { products: readonly LicensableProduct[]; dependencies: DependencyMap; loading: boolean };
  errorOf: (field: LicenseField) => string | undefined;
  disabled: boolean;
}

/**
 * User limit and Tableau seats with their use, and the licensable products: enabling one enables what
 * it depends on; a product another enabled product needs cannot be switched off alone, and says why.
 */
export function LicenseFields({ values, onChange, onBlur, source, catalog, errorOf, disabled }: LicenseFieldsProps) {
  const seats = source.tableauUserLicenses;
  const enabled = withDependencies(values.products, catalog.dependencies);
  const nameOf = (key: string) => catalog.products.find((product) => product.id === key)?.name ?? key;

  const toggle = (key: string, on: boolean) => {
    const next = on
      ? enableProduct(enabled, key, catalog.dependencies)
      : disableProduct(enabled, key, catalog.dependencies).enabled;
    onChange('products', { products: [...next].sort() });
  };

  const count = (
    field: 'userLimit' | 'tableauUserLicenses.explorerCount' | 'tableauUserLicenses.viewerCount',
    label: string,
    text: string,
    saved: number,
    used: number,
    what: string,
    patch: (text: string) => Partial<LicenseValues>,
    /** How the count is made, under the field when nothing is wrong. */
    note?: string,
    /** Said in amber when the count is more than the user limit allows to use (the seat counts). */
    aboveLimit?: string | null,
  ) => (
    <div>
      <TextField
        label={label}
        value={text}
        onChange={(next) => onChange(field, patch(next))}
        onBlur={() => onBlur(field)}
        error={errorOf(field)}
        warning={belowUsageWarning(text, saved, used, what) ?? aboveLimit}
        helperText={note}
        disabled={disabled}
        type="text"
        autoComplete="off"
      />
      <LicenseUseBar label={`Use of the ${label.toLowerCase()} (${what})`} used={used} limit={saved} />
    </div>
  );

  const headingOf = (product: LicensableProduct) => KIND_HEADINGS[product.kind] ?? product.kind;
  return (
    <>
      <div className="meridian-form-row">
        {count(
          'userLimit',
          'User limit',
          values.userLimit,
          source.userLimit,
          source.activeUsers,
          'active users',
          (userLimit) => ({ userLimit }),
          INVITATIONS_COUNT_NOTE,
        )}
        {count(
          'tableauUserLicenses.explorerCount',
          'Explorer licenses',
          values.explorerCount,
          seats.explorerCount,
          seats.explorerUsed,
          'explorer licenses',
          (explorerCount) => ({ explorerCount }),
          undefined,
          aboveUserLimitWarning(values.explorerCount, values.userLimit, 'explorer licenses'),
        )}
        {count(
          'tableauUserLicenses.viewerCount',
          'Viewer licenses',
          values.viewerCount,
          seats.viewerCount,
          seats.viewerUsed,
          'viewer licenses',
          (viewerCount) => ({ viewerCount }),
          undefined,
          aboveUserLimitWarning(values.viewerCount, values.userLimit, 'viewer licenses'),
        )}
      </div>
      <fieldset>
        <legend>Licensed products</legend>
        {errorOf('products') && (
          <Callout intent={Intent.DANGER} compact role="alert">
            {errorOf('products')}
          </Callout>
        )}
        {catalog.loading && catalog.products.length === 0 ? (
          <ul className="meridian-license-products" aria-busy="true">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className={Classes.SKELETON}>
                Loading products
              </li>
            ))}
          </ul>
        ) : (
          <ul className="meridian-license-products">
            {catalog.products.map((product, index) => {
              const heading = headingOf(product);
              const previous = catalog.products[index - 1];
              const showHeading = previous === undefined || headingOf(previous) !== heading;
              const on = enabled.has(product.id);
              const neededBy = on ? productsNeeding(enabled, product.id, catalog.dependencies).map(nameOf) : [];
              const bringsAlong = on
                ? []
                : [...withDependencies([product.id], catalog.dependencies)]
                    .filter((key) => key !== product.id && !enabled.has(key))
                    .map(nameOf);
              const noteId = `license-product-${product.id}-note`;
              const note =
                neededBy.length > 0
                  ? neededByMessage(neededBy)
                  : bringsAlong.length > 0
                    ? `Enabling it also enables ${bringsAlong.join(', ')}.`
                    : null;
              return (
                <Fragment key={product.id}>
                  {showHeading && (
                    <li>
                      <H3 className={`meridian-license-kind ${Classes.TEXT_MUTED}`}>{heading}</H3>
                    </li>
                  )}
                  <li>
                    <Switch
                      role="switch"
                      label={product.name}
                      checked={on}
                      disabled={disabled || neededBy.length > 0}
                      onChange={(event) => toggle(product.id, event.currentTarget.checked)}
                      aria-describedby={note ? noteId : undefined}
                    />
                    <span className={`meridian-license-product-note ${Classes.TEXT_MUTED}`}>{product.description}</span>
                    {note && (
                      <span id={noteId} className="meridian-license-product-note">
                        {note}
                      </span>
                    )}
                  </li>
                </Fragment>
              );
            })}
          </ul>
        )}
      </fieldset>
    </>
  );
}
