/**
 * Answer shapes of the trial class calls (DESIGN.md section 3), shared by the API and the web.
 * Dates are `YYYY-MM-DD` in Europe/Madrid, where the class takes place.
 */
export interface TrialClass {
  classDate: string;
  startTime: string;
  endTime: string;
  capacity: number;
  /** Places still free. */
  remaining: number;
}

export interface TrialClassBooking {
  _id: string;
  classDate: string;
  createdAt: string;
}

export interface TrialClassAnswer {
  trialClass: TrialClass;
}

/** The next class and the caller's booking for it, if any. */
export interface TrialClassBookingAnswer {
  trialClass: TrialClass;
  booking: TrialClassBooking | null;
}

export interface TrialClassBookedAnswer extends TrialClassBookingAnswer {
  message: string;
}
