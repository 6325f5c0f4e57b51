import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';

/** The fields only the platform's include=licenses_used answers (seat counting): type → field names. */
const SEAT_USAGE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Licenses: ['activeUsers'],
  TableauUserLicenses: ['explorerUsed', 'viewerUsed'],
};

type Info = Pick<GraphQLResolveInfo, 'fieldNodes' | 'returnType' | 'fragments' | 'schema'>;

function selectsUsage(info: Info, type: GraphQLNamedType | undefined, set: SelectionSetNode): boolean {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      const name = selection.name.value;
      if (SEAT_USAGE_FIELDS[type.name]?.includes(name)) return true;
      const field = type.getFields()[name];
      if (field && selection.selectionSet && selectsUsage(info, getNamedType(field.type), selection.selectionSet))
        return true;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? info.schema.getType(selection.typeCondition.name.value) : type;
      if (selectsUsage(info, on ?? undefined, selection.selectionSet)) return true;
    } else {
      const fragment = info.fragments[selection.name.value];
      if (
        fragment &&
        selectsUsage(info, info.schema.getType(fragment.typeCondition.name.value) ?? undefined, fragment.selectionSet)
      )
        return true;
    }
  }
  return false;
}

/**
 * Whether the field being resolved selects seat usage anywhere below it (through fragments too), so
 * that its organization reads ask the platform for include=licenses_used only then. @skip and
 * @include are not read: a field they may leave out still counts (one include too many, never one short).
 */
export function selectsSeatUsage(info: Info): boolean {
  const type = getNamedType(info.returnType);
  return info.fieldNodes.some((node) => node.selectionSet !== undefined && selectsUsage(info, type, node.selectionSet));
}
