/**
 * A small GraphQL reader: one anonymous or named query operation with aliases, arguments
 * (strings, numbers, enums, booleans, null, variables, lists and objects) and nested selections.
 * Enough for the query shapes Shipdeck sends, with inline fragments (`... on PullRequest {}`, for
 * `search`'s union nodes), and the auto-merge mutations; named fragments and other mutations are
 * refused, as an emulator that pretended to understand them would hide a client bug.
 */

export type GraphqlValue =
  | string
  | number
  | boolean
  | null
  | { enum: string }
  | GraphqlValue[]
  | { [key: string]: GraphqlValue };

export interface GraphqlField {
  /** The key the answer uses: the alias when there is one. */
  key: string;
  name: string;
  args: Record<string, GraphqlValue>;
  selections: GraphqlField[];
  /** An inline fragment's type (`... on PullRequest`): its `name` is `...`. */
  typeCondition?: string;
  line: number;
  column: number;
}

export class GraphqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

interface Token {
  kind: 'name' | 'string' | 'number' | 'punct' | 'variable' | 'end';
  value: string;
  line: number;
  column: number;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < source.length) {
    const ch = source[i] ?? '';
    const column = i - lineStart + 1;
    if (ch === '\n') {
      line += 1;
      i += 1;
      lineStart = i;
    } else if (/[\s,]/.test(ch)) {
      i += 1;
    } else if (ch === '#') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (ch === '"') {
      // GraphQL string escapes are JSON's, so a JSON reader decodes them.
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
      if (j >= source.length) throw new GraphqlSyntaxError('Unterminated string', line, column);
      tokens.push({
        kind: 'string',
        value: JSON.parse(source.slice(i, j + 1)) as string,
        line,
        column,
      });
      i = j + 1;
    } else if (ch === '$') {
      const match = /^\$([_A-Za-z][_0-9A-Za-z]*)/.exec(source.slice(i));
      if (!match) throw new GraphqlSyntaxError('Expected a variable name', line, column);
      tokens.push({ kind: 'variable', value: match[1] ?? '', line, column });
      i += match[0].length;
    } else if (/[-0-9]/.test(ch)) {
      const match = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(source.slice(i));
      if (!match) throw new GraphqlSyntaxError(`Unexpected character "${ch}"`, line, column);
      tokens.push({ kind: 'number', value: match[0], line, column });
      i += match[0].length;
    } else if (/[_A-Za-z]/.test(ch)) {
      const match = /^[_0-9A-Za-z]+/.exec(source.slice(i));
      const value = match?.[0] ?? ch;
      tokens.push({ kind: 'name', value, line, column });
      i += value.length;
    } else if (source.startsWith('...', i)) {
      tokens.push({ kind: 'punct', value: '...', line, column });
      i += 3;
    } else if ('{}():[]!=@'.includes(ch)) {
      tokens.push({ kind: 'punct', value: ch, line, column });
      i += 1;
    } else {
      throw new GraphqlSyntaxError(`Unexpected character "${ch}"`, line, column);
    }
  }
  tokens.push({ kind: 'end', value: '', line, column: i - lineStart + 1 });
  return tokens;
}

export interface GraphqlOperation {
  operation: 'query' | 'mutation';
  fields: GraphqlField[];
}

/** Parses the query's one operation into its top-level fields, variables substituted. */
export function parseGraphqlQuery(
  source: string,
  variables: Record<string, unknown>,
): GraphqlField[] {
  const parsed = parseGraphqlOperation(source, variables, []);
  return parsed.fields;
}

/**
 * Parses one query or mutation operation. `mutations` names the mutation fields served; any other
 * mutation is refused as a syntax error, as before mutations were understood at all.
 */
export function parseGraphqlOperation(
  source: string,
  variables: Record<string, unknown>,
  mutations: readonly string[],
): GraphqlOperation {
  let operation: GraphqlOperation['operation'] = 'query';
  const tokens = tokenize(source);
  let at = 0;
  const peek = (): Token => tokens[at] ?? { kind: 'end', value: '', line: 0, column: 0 };
  const next = (): Token => {
    const token = peek();
    at += 1;
    return token;
  };
  const fail = (token: Token, expected: string): never => {
    throw new GraphqlSyntaxError(
      `Parse error on "${token.value || 'end of query'}" (expected ${expected})`,
      token.line,
      token.column,
    );
  };
  const expect = (value: string): Token => {
    const token = next();
    return token.kind === 'punct' && token.value === value ? token : fail(token, value);
  };
  const isPunct = (value: string): boolean => peek().kind === 'punct' && peek().value === value;

  const readValue = (): GraphqlValue => {
    const token = next();
    if (token.kind === 'string') return token.value;
    if (token.kind === 'number') return Number(token.value);
    if (token.kind === 'variable') return toValue(variables[token.value]);
    if (token.kind === 'name') {
      if (token.value === 'true') return true;
      if (token.value === 'false') return false;
      if (token.value === 'null') return null;
      return { enum: token.value };
    }
    if (token.kind === 'punct' && token.value === '[') {
      const list: GraphqlValue[] = [];
      while (!isPunct(']')) list.push(readValue());
      expect(']');
      return list;
    }
    if (token.kind === 'punct' && token.value === '{') {
      const object: Record<string, GraphqlValue> = {};
      while (!isPunct('}')) {
        const key = next();
        if (key.kind !== 'name') fail(key, 'a field name');
        expect(':');
        object[key.value] = readValue();
      }
      expect('}');
      return object;
    }
    return fail(token, 'a value');
  };

  const readSelections = (): GraphqlField[] => {
    expect('{');
    const fields: GraphqlField[] = [];
    while (!isPunct('}')) {
      if (isPunct('...')) {
        const spread = next();
        const on = next();
        if (on.kind !== 'name' || on.value !== 'on') fail(on, 'an inline fragment (... on Type)');
        const type = next();
        if (type.kind !== 'name') fail(type, 'a type name');
        fields.push({
          key: '...',
          name: '...',
          args: {},
          selections: readSelections(),
          typeCondition: type.value,
          line: spread.line,
          column: spread.column,
        });
        continue;
      }
      const first = next();
      if (first.kind !== 'name') fail(first, 'a field');
      let name = first.value;
      let key = first.value;
      if (isPunct(':')) {
        next();
        const real = next();
        if (real.kind !== 'name') fail(real, 'a field name');
        name = real.value;
      } else {
        key = name;
      }
      const args: Record<string, GraphqlValue> = {};
      if (isPunct('(')) {
        next();
        while (!isPunct(')')) {
          const arg = next();
          if (arg.kind !== 'name') fail(arg, 'an argument name');
          expect(':');
          args[arg.value] = readValue();
        }
        expect(')');
      }
      const selections = isPunct('{') ? readSelections() : [];
      fields.push({ key, name, args, selections, line: first.line, column: first.column });
    }
    expect('}');
    return fields;
  };

  if (peek().kind === 'name') {
    const keyword = next();
    if (keyword.value === 'mutation' && mutations.length > 0) operation = 'mutation';
    else if (keyword.value !== 'query') fail(keyword, 'a query');
    if (peek().kind === 'name') next();
    if (isPunct('(')) {
      // Variable definitions: their values arrive in `variables`, their types are trusted.
      let depth = 0;
      do {
        const token = next();
        if (token.kind === 'end') fail(token, ')');
        if (token.kind === 'punct' && token.value === '(') depth += 1;
        if (token.kind === 'punct' && token.value === ')') depth -= 1;
      } while (depth > 0);
    }
  }
  const fields = readSelections();
  if (peek().kind !== 'end') fail(peek(), 'end of query');
  if (operation === 'mutation') {
    const unknown = fields.find((field) => !mutations.includes(field.name));
    if (unknown)
      throw new GraphqlSyntaxError(
        `Field '${unknown.name}' doesn't exist on type 'Mutation'`,
        unknown.line,
        unknown.column,
      );
  }
  return { operation, fields };
}

function toValue(raw: unknown): GraphqlValue {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map(toValue);
  if (typeof raw === 'object') {
    return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, toValue(value)]));
  }
  return null;
}
