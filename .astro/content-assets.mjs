

export default new Map([]);
		