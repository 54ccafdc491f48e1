import { z } from "zod";
import { trialClassIntents } from "./trial-class.forms";

/** 'Cancelar reserva' carries nothing but its intent. */
export const TRIAL_CLASS_FORMS = { [trialClassIntents.cancel]: z.object({}) };
