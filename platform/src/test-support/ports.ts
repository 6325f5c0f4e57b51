// One way to pick a port, shared with the cluster's topology: see scripts/free-port.mjs for why it is
// not the kernel's listen(0).
export { freePort } from '../../../scripts/free-port.mjs';
