#!/bin/sh
# Writes the console's runtime config.json from the environment when the container starts, so one
# image serves every deployment. nginx's entrypoint runs it from /docker-entrypoint.d/ and stops the
# container if it fails.
set -eu

: "${GATEWAY_URL:?GATEWAY_URL must be set (the gateway's public GraphQL URL)}"
: "${OIDC_ISSUER:?OIDC_ISSUER must be set (the OpenID provider's public URL)}"
: "${OIDC_CLIENT_ID:=meridian-console}"
: "${PRODUCT_NAME:=Meridian}"
export GATEWAY_URL OIDC_ISSUER OIDC_CLIENT_ID PRODUCT_NAME

# The values land inside JSON strings and nginx header strings as they are: refuse what would need escaping.
for name in GATEWAY_URL OIDC_ISSUER OIDC_CLIENT_ID PRODUCT_NAME; do
  eval "value=\${$name}"
  case "$value" in
    *'"'* | *'\'* | *'$'*)
      echo "web-config: $name must not contain a double quote, a backslash or a dollar sign" >&2
      exit 1
      ;;
  esac
done

template="${MERIDIAN_CONFIG_TEMPLATE:-/etc/meridian/config.json.template}"
target="${MERIDIAN_CONFIG_TARGET:-/usr/share/nginx/html/config.json}"
# Only these four are substituted; anything else that looks like a variable stays as written.
envsubst '${GATEWAY_URL} ${OIDC_ISSUER} ${OIDC_CLIENT_ID} ${PRODUCT_NAME}' <"$template" >"$target"
echo "web-config: wrote $target"

# The Content-Security-Policy names exactly this gateway and issuer (connect-src).
headers_template="${MERIDIAN_HEADERS_TEMPLATE:-/etc/meridian/security-headers.conf.template}"
headers_target="${MERIDIAN_HEADERS_TARGET:-/etc/nginx/meridian/security-headers.conf}"
envsubst '${GATEWAY_URL} ${OIDC_ISSUER}' <"$headers_template" >"$headers_target"
echo "web-config: wrote $headers_target"
