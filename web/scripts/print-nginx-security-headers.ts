// Prints the console's security headers as nginx add_header lines (web/security-headers.ts), for the
// container image: deploy/web.Dockerfile writes them to /etc/meridian/security-headers.conf.template,
// and deploy/web-config.sh fills in the gateway and issuer at start.
import { nginxSecurityHeadersTemplate } from '../security-headers.js';

process.stdout.write(nginxSecurityHeadersTemplate());
