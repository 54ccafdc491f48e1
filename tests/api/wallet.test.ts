import { describeWalletFloor } from "./wallet-support";

/** No wallet below zero on PGlite (the suite: wallet-support.ts). */
describeWalletFloor("PGlite");
