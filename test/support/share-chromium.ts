// The browser test files of one worker run one after another: they share its Chromium (a context
// each), kept open between files instead of started again for every one (chromium.ts).
import { keepChromiumBetweenUses } from "./chromium.ts";

keepChromiumBetweenUses(30_000);
